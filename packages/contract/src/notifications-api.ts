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
} as const;

/** At most this many notifications come back from one poll, newest first. */
export const NOTIFICATIONS_TOP_LIMIT = 50;
