import type { Notification } from '@iddesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { runAction } from '../../lib/action';
import { session } from '../../lib/session';
import { getNewerNotifications } from './api/get-newer-notifications';
import {
  getNotifications,
  notificationsQueryKey,
  notificationsQueryOptions,
} from './api/get-notifications';
import { markNotificationsSeen } from './api/mark-notifications-seen';
import { EMPTY, feedState, setFeed as set } from './feed-store';

export { feed, resetFeed, useUnreadCount } from './feed-store';

/**
 * Polling the feed (state: feed-store.ts). Primed from the first page at startup, so notifications that already existed never toast;
 * each poll asks only for newer ones.
 */
export type FeedDeps = {
  queryClient: QueryClient;
  /** Opens a notification's link (client-side navigation). */
  open: (link: string) => void;
  /** Called with the new notifications after they were toasted. */
  onNew?: (items: Notification[]) => void;
};

// One feed operation at a time: a poll never races the priming or another poll.
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const next = chain.then(fn, fn);
  chain = next.catch(() => {});
  return next;
}

async function prime(token: string, deps: FeedDeps): Promise<void> {
  const result = await runAction(() => getNotifications(1), { successNotify: false });
  if (!result.ok || session.token() !== token) return;
  deps.queryClient.setQueryData(notificationsQueryOptions(1).queryKey, result.data);
  set({ token, highestId: result.data.items[0]?.id ?? 0, unread: result.data.unread });
}

/** Startup and sign-in: learn the highest id and the unread count without toasting. */
export function primeFeed(deps: FeedDeps): Promise<void> {
  return serial(async () => {
    const token = session.token();
    if (!token) return set(EMPTY);
    if (feedState().token === token) return;
    await prime(token, deps);
  });
}

/**
 * The bell and the toasts of new notifications. Their code loads with the first news, not with
 * the first page: a guest never needs it (issue 19, the first-load budget).
 */
async function announce(fresh: Notification[], open: (link: string) => void): Promise<void> {
  const [{ playSound }, { toastNotifications }] = await Promise.all([
    import('../../lib/sound'),
    import('./notification-toasts'),
  ]);
  playSound('bell');
  toastNotifications(fresh, open);
}

/** One poll: newer notifications are counted, toasted, and the bell rings once. */
export function pollFeed(deps: FeedDeps): Promise<void> {
  return serial(async () => {
    const token = session.token();
    if (!token) return set(EMPTY);
    if (feedState().token !== token) return prime(token, deps);
    const result = await runAction(() => getNewerNotifications(feedState().highestId), {
      successNotify: false,
    });
    if (!result.ok || session.token() !== token) return;
    const fresh = result.data.filter((n) => n.id > feedState().highestId);
    if (fresh.length === 0) return;
    set({
      token,
      highestId: Math.max(...fresh.map((n) => n.id)),
      unread: feedState().unread + fresh.filter((n) => !n.read).length,
    });
    await announce(fresh, deps.open);
    void deps.queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    deps.onNew?.(fresh);
  });
}

/** The list page showed everything up to `id`: those are read now. */
export async function markFeedSeen(id: number): Promise<void> {
  const token = session.token();
  if (!token || id <= 0) return;
  const result = await runAction(() => markNotificationsSeen(id), { notify: false });
  if (result.ok && session.token() === token && feedState().token === token) {
    set({ ...feedState(), unread: result.data.unread });
  }
}

