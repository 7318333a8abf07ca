import { z } from 'zod';
import { msg } from './i18n/translate';
import { paginated } from './envelope';

export const NotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** A client route to the object the notification is about, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
  /** Human-readable full date and time, "22 Nov 2026, 14:05" (docs/product.md#api-conventions). */
  created_at_full: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = paginated(NotificationSchema).extend({
  /** How many of all the caller's notifications are unread. */
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

const notificationId = z.coerce
  .number(msg('validation.notificationId'))
  .int(msg('validation.notificationId'))
  .min(0, msg('validation.notificationId'))
  .max(2_147_483_647);

/** `POST /notifications/top`: the highest id the client has seen (0 for none). */
export const NotificationsTopBodySchema = z.strictObject({ id: notificationId });
export type NotificationsTopBody = z.input<typeof NotificationsTopBodySchema>;
export const NotificationListSchema = z.array(NotificationSchema);

/** `POST /notifications/seen`: everything up to and including `id` becomes read. */
export const NotificationsSeenBodySchema = z.strictObject({ id: notificationId });
export type NotificationsSeenBody = z.input<typeof NotificationsSeenBodySchema>;
export const NotificationsSeenResultSchema = z.object({ unread: z.number().int() });

/** `GET /admin/stats`: how many items wait in each admin queue. */
export const AdminStatsSchema = z.object({
  new_ids: z.number().int(),
  requests: z.number().int(),
  bills: z.number().int(),
  withdrawals: z.number().int(),
  /**
   * Issue 55 item 2: a fingerprint of who holds which pending item; when it changes, the
   * poll refreshes the queue pages on screen, so every staff tab sees claims come and go.
   */
  claims: z.string(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
