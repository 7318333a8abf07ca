import { NOTIFICATIONS_API, NotificationListSchema } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST /notifications/top`: the caller's notifications newer than `id`, newest first. */
export const getNewerNotifications = (id: number) =>
  apiRequest(NOTIFICATIONS_API.top, {
    method: 'POST',
    body: { id },
    schema: NotificationListSchema,
  });
