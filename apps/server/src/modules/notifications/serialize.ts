import { DATE_WORDS, formatZonedDateTime, type Locale, type Notification } from '@iddesk/contract';
import type { NotificationRow } from '../../db/schema';

/** `locale`: the caller's language, whose month names the written time uses (issue 18). */
export function toNotificationJson(row: NotificationRow, timeZone: string, locale: Locale): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    // The one format of every screen (issue 17): "22 Nov 2026, 2:05 pm".
    created_at_full: formatZonedDateTime(row.createdAt, timeZone, DATE_WORDS[locale]),
  };
}
