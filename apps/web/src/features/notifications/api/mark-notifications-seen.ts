import type { NotificationsSeenResultSchema } from '@iddesk/contract';
import { NOTIFICATIONS_API } from '@iddesk/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** `POST /notifications/seen`: everything up to `id` becomes read; answers the unread count. */
export const markNotificationsSeen = (id: number) =>
  apiRequest<z.output<typeof NotificationsSeenResultSchema>>(NOTIFICATIONS_API.seen, {
    method: 'POST',
    body: { id },
  });
