import { useSyncExternalStore } from 'react';

/**
 * One MediaQueryList per query for the page's life: `matchMedia` builds a new one on every call,
 * and useSyncExternalStore reads the snapshot on every render and every check (issue 56).
 */
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaList(query).matches,
    () => false,
  );
}
