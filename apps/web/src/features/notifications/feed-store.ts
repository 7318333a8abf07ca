import { useSyncExternalStore } from 'react';
import { session } from '../../lib/session';

/**
 * The signed-in user's notification feed: the highest id seen (docs/product.md#domain "Notification
 * polling keeps the highest notification id seen") and the unread count for the bell.
 * The state alone, for the bell and sign-out; the polling that fills it (notification-feed.ts)
 * loads with a signed-in session, not with a guest's first page (issue 19).
 */
export type FeedState = {
  /** The session the state belongs to; a different token starts over. */
  token: string | null;
  highestId: number;
  unread: number;
};

export const EMPTY: FeedState = { token: null, highestId: 0, unread: 0 };
let state: FeedState = EMPTY;

/** The current state (the polling module reads it). */
export const feedState = (): FeedState => state;
const listeners = new Set<() => void>();

export function setFeed(next: FeedState) {
  state = next;
  for (const listener of listeners) listener();
}

export function resetFeed(): void {
  setFeed(EMPTY);
}

export const feed = {
  get: (): FeedState => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Unread notifications of the signed-in user, for the bell. */
export function useUnreadCount(): number {
  return useSyncExternalStore(
    feed.subscribe,
    () => (state.token !== null && state.token === session.token() ? state.unread : 0),
    () => 0,
  );
}
