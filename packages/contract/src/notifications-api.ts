// Plain values, no zod: the web app's first load imports these (issue 8 size budget).

/** API paths of the notifications issue, relative to `/api` like `API` in routes.ts. */
export const NOTIFICATIONS_API = {
  /** `?page&perPage`: the caller's own, newest first, with the unread count. */
  list: '/notifications',
  /** The 5-second poll: the caller's notifications newer than `id`. */
  top: '/notifications/top',
  /** Marks the caller's notifications up to `id` as read. */
  seen: '/notifications/seen',
  /** Pending counts of the four admin queues (admins only). */
  adminStats: '/admin/stats',
  /** The live event stream of a signed-in tab (text/event-stream; decision 042). */
  events: '/events',
} as const;

/**
 * The events of the live stream (decision 042). Each says what changed, not the new state: the
 * web refreshes what the 5-second poll reads. `ready` marks the stream's position, `resync`
 * asks for everything again (events were lost), `queue` (staff) carries
 * `{ queue, id, change: 'new' | 'done' }`, the others `{}`.
 */
export const LIVE_EVENT = {
  ready: 'ready',
  resync: 'resync',
  notification: 'notification',
  balance: 'balance',
  queue: 'queue',
} as const;
export type LiveEventName = (typeof LIVE_EVENT)[keyof typeof LIVE_EVENT];

/** At most this many notifications come back from one poll, newest first. */
export const NOTIFICATIONS_TOP_LIMIT = 50;
