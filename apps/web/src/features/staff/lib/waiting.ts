import { staffText } from '../i18n';

/**
 * How long an item has waited, short enough for a list cell: "under a minute", "12 min",
 * "3 h 5 min", "2 days 4 h" (in the page's language). `now` and `since` in milliseconds.
 */
export function waitedFor(since: number, now: number): string {
  const { t } = staffText;
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 1) return t('wait.underMinute');
  if (minutes < 60) return t('wait.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return minutes % 60 ? t('wait.hoursMinutes', { hours, minutes: minutes % 60 }) : t('wait.hours', { hours });
  }
  const days = Math.floor(hours / 24);
  return hours % 24 ? t('wait.daysHours', { days, hours: hours % 24 }) : t('wait.days', { days });
}

/** An age in seconds (the dashboard's oldest item) the same way. */
export const waitedSeconds = (seconds: number) => waitedFor(0, seconds * 1000);
