import { NOTIFICATIONS_API, NotificationsSeenResultSchema } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST /notifications/seen`: everything up to `id` becomes read; answers the unread count. */
export const markNotificationsSeen = (id: number) =>
  apiRequest(NOTIFICATIONS_API.seen, {
    method: 'POST',
    body: { id },
    schema: NotificationsSeenResultSchema,
  });
