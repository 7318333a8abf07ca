import { useMatches } from 'react-router';

export type LayoutName = 'auth' | 'default' | 'admin' | 'public';

/** Per-route presentation, read from the matched routes' `handle` (deepest wins). */
export type RouteHandle = { layout?: LayoutName; dark?: boolean; title?: string; focused?: boolean };

/** `focused`: a form that moves money or asks for a code; the phone's bar steps aside (issue 56). */
export type ResolvedHandle = { layout: LayoutName; dark: boolean; title: string | null; focused: boolean };

export function resolveHandle(handles: readonly unknown[]): ResolvedHandle {
  const merged: ResolvedHandle = { layout: 'default', dark: false, title: null, focused: false };
  for (const handle of handles) {
    if (!handle || typeof handle !== 'object') continue;
    const h = handle as RouteHandle;
    if (h.layout) merged.layout = h.layout;
    if (h.dark !== undefined) merged.dark = h.dark;
    if (h.title !== undefined) merged.title = h.title;
    if (h.focused !== undefined) merged.focused = h.focused;
  }
  return merged;
}

export function useRouteHandle(): ResolvedHandle {
  const matches = useMatches();
  return resolveHandle(matches.map((m) => m.handle));
}
