import { useMatches } from 'react-router';

export type LayoutName = 'auth' | 'default' | 'admin' | 'public';

/** Per-route presentation, read from the matched routes' `handle` (deepest wins). */
export type RouteHandle = { layout?: LayoutName; dark?: boolean; title?: string };

export type ResolvedHandle = { layout: LayoutName; dark: boolean; title: string | null };

export function resolveHandle(handles: readonly unknown[]): ResolvedHandle {
  const merged: ResolvedHandle = { layout: 'default', dark: false, title: null };
  for (const handle of handles) {
    if (!handle || typeof handle !== 'object') continue;
    const h = handle as RouteHandle;
    if (h.layout) merged.layout = h.layout;
    if (h.dark !== undefined) merged.dark = h.dark;
    if (h.title !== undefined) merged.title = h.title;
  }
  return merged;
}

export function useRouteHandle(): ResolvedHandle {
  const matches = useMatches();
  return resolveHandle(matches.map((m) => m.handle));
}
