import { DATE_WORDS, formatZonedDateTime, type Locale, type Notification } from '@iddesk/contract';
import type { NotificationRow } from '../../db/schema';
import { type NoticeKey, noticeText } from './messages';

/**
 * `locale`: the caller's language, in which the notice is written (from its key and values;
 * a row from before they were kept, in its stored text) and whose month names the time uses.
 */
export function toNotificationJson(row: NotificationRow, timeZone: string, locale: Locale): Notification {
  const { title, body } =
    row.messageKey === null ? row : noticeText(locale, row.messageKey as NoticeKey, row.messageValues ?? {});
  return {
    id: row.id,
    title,
    body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    // The one format of every screen (issue 17): "22 Nov 2026, 2:05 pm".
    created_at_full: formatZonedDateTime(row.createdAt, timeZone, DATE_WORDS[locale]),
  };
}
