import { formatZonedDateTime, type Notification } from '@iddesk/contract';
import type { NotificationRow } from '../../db/schema';

export function toNotificationJson(row: NotificationRow, timeZone: string): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    // The one format of every screen (issue 17): "22 Nov 2026, 2:05 pm".
    created_at_full: formatZonedDateTime(row.createdAt, timeZone),
  };
}
