import type { Notification } from '@iddesk/contract';
import type { NotificationRow } from '../../db/schema';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "22 Nov 2026, 14:05" in the configured display time zone. */
export function fullDateTime(date: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formats.set(timeZone, format);
  }
  return format.format(date);
}

export function toNotificationJson(row: NotificationRow, timeZone: string): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    created_at_full: fullDateTime(row.createdAt, timeZone),
  };
}
