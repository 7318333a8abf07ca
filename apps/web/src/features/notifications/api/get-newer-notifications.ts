import type { NotificationListSchema } from '@iddesk/contract';
import { NOTIFICATIONS_API } from '@iddesk/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** `POST /notifications/top`: the caller's notifications newer than `id`, newest first. */
export const getNewerNotifications = (id: number) =>
  apiRequest<z.output<typeof NotificationListSchema>>(NOTIFICATIONS_API.top, {
    method: 'POST',
    body: { id },
  });
