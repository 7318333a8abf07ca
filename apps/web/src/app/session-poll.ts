import { QUERY_KEYS } from '../lib/query-keys';
import { session } from '../lib/session';
import type * as NotificationFeedModule from '../features/notifications/notification-feed';
import type * as QueueAlertsModule from '../features/queue-alerts/queue-alerts';
import { queryClient } from './query-client';
import { routerRef } from './router-ref';
import { reloadUserInfo } from './user-info';

export const feedDeps: NotificationFeedModule.FeedDeps = {
  queryClient,
  open: (link) => void routerRef.get().navigate(link),
  // Something staff did changed the customer's money or IDs: refresh what shows them.
  onNew: () => {
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions });
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.userIds });
  },
};

/**
 * What only a signed-in session needs, loaded with its first poll rather than with the first
 * page (issue 19, the guest's first-load budget): the notification feed's polling, the admin's
 * queue counts, and the first-gesture audio unlock that lets the bell and the alert be heard.
 */
let queueAlerts: Promise<QueueAlerts> | null = null;
let notificationFeed: Promise<NotificationFeed> | null = null;
let audioUnlocked = false;
type QueueAlerts = typeof QueueAlertsModule;
type NotificationFeed = typeof NotificationFeedModule;

function loadFeed() {
  return (notificationFeed ??= import('../features/notifications/notification-feed'));
}

const primeFeed = async (deps: NotificationFeedModule.FeedDeps) => (await loadFeed()).primeFeed(deps);
export const pollFeed = async (deps: NotificationFeedModule.FeedDeps) => (await loadFeed()).pollFeed(deps);

function loadQueueAlerts() {
  return (queueAlerts ??= import('../features/queue-alerts/queue-alerts'));
}

function unlockAudioOnGesture() {
  if (audioUnlocked) return;
  audioUnlocked = true;
  void import('../lib/sound').then(({ installAudioUnlock }) => installAudioUnlock());
}

export async function pollQueueCounts(fresh = false) {
  return (await loadQueueAlerts()).pollQueueCounts(fresh);
}

/** Sign-out: the queue counts start over (only if they were ever read). */
export function resetQueueAlerts(): void {
  void queueAlerts?.then(({ resetQueueCounts }) => resetQueueCounts());
}

async function pollQueues() {
  const changed = await pollQueueCounts();
  // New items arrived, or someone took or let go of one: the admin's queue pages refresh on
  // their own (a claim shows on the list and the item, issue 55 item 2).
  if (changed.length > 0) void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.admin });
}

/**
 * Startup and sign-in: the notifications' highest id and unread count, and for admins the
 * queue counts, so that nothing that existed before makes a sound.
 */
export async function primeSession(): Promise<void> {
  unlockAudioOnGesture();
  await Promise.all([primeFeed(feedDeps), session.isAdmin() ? pollQueueCounts() : null]);
}

/**
 * One round of polling (docs/product.md#while-signed-in), success notices off: user info, newer notifications
 * (bell and toasts), and for admins the queue counts (alert sound on a rise).
 */
export async function pollSession(): Promise<void> {
  await Promise.all([
    reloadUserInfo(),
    pollFeed(feedDeps),
    session.isAdmin() ? pollQueues() : null,
  ]);
}
