import {
  DEFAULT_DISPLAY_TIME_ZONE,
  formatZonedDate,
  formatZonedDateTime,
  groupIndian,
  zonedParts,
} from '@iddesk/contract';
import { CURRENCY_SYMBOL } from './site-config';

/** Indian digit grouping ("1234567" → "12,34,567"), shared with the server's messages. */
export { groupIndian };

/**
 * Display-only formatting of a wire amount ("1500.00" → "₹1,500.00"). Works on the string's
 * parts, so no floating point is involved.
 */
export function formatMoney(amount: string | null | undefined): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec((amount ?? '').trim());
  if (!match) return `${CURRENCY_SYMBOL}—`;
  const [, sign, whole = '0', frac = ''] = match;
  const grouped = groupIndian(whole);
  return `${sign ? '−' : ''}${CURRENCY_SYMBOL}${grouped}.${frac.padEnd(2, '0')}`;
}

/**
 * The site's display time zone (the server's DISPLAY_TIME_ZONE, from the public site settings):
 * every date and time on every screen is written in it, whatever the browser's zone, in the
 * contract's one format (display-time.ts), the same the server writes into notifications.
 */
let displayTimeZone = DEFAULT_DISPLAY_TIME_ZONE;
/** The zone the settings named, checked when the first date is written. */
let pendingTimeZone: string | null = null;

/**
 * From the site settings' answer, which arrives during startup. Only kept here: checking the
 * zone builds its Intl formatter, which loads ICU's time zone data (100–190 ms of a phone's
 * main thread, measured with the CPU throttled 4×), and most first pages write no date at all.
 * The first date written checks it (`zone()`).
 */
export function setDisplayTimeZone(timeZone: string): void {
  pendingTimeZone = timeZone;
}

/** The display zone; a zone this browser does not know keeps the one before rather than break every date. */
function zone(): string {
  if (pendingTimeZone !== null) {
    const candidate = pendingTimeZone;
    pendingTimeZone = null;
    try {
      zonedParts(new Date(0), candidate);
      displayTimeZone = candidate;
    } catch {
      // RangeError: unknown zone; the one before stays.
    }
  }
  return displayTimeZone;
}

let datesPrepared = false;

/**
 * For a page whose first answer is a list of dates (its request on the way): builds the display
 * zone's formatter in a task of its own, so ICU's time zone data loads beside the request
 * instead of inside the list's first render, where on a phone the two made one long task
 * (Lighthouse's Total Blocking Time on /reviews). Once per page load.
 */
export function prepareDates(): void {
  if (datesPrepared) return;
  datesPrepared = true;
  setTimeout(() => zonedParts(new Date(0), zone()), 0);
}

const readDate = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "22 November 2026" in the display time zone. */
export function formatDate(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? formatZonedDate(date, zone()) : '—';
}

/** A bank's booking day (`YYYY-MM-DD`, already a day, no zone to apply): "22 November 2026". */
export function formatDay(day: string): string {
  const date = readDate(`${day}T00:00:00Z`);
  return date ? formatZonedDate(date, 'UTC') : day;
}

/** A signed ledger amount for display: "+₹100.00" for credits, "−₹100.00" for debits. */
export function formatSignedMoney(amount: string): string {
  const text = amount.trim();
  return text.startsWith('-') || /^0+(\.0+)?$/.test(text)
    ? formatMoney(text)
    : `+${formatMoney(text)}`;
}

/** Whether a wire amount is a debit (negative), without converting it to a number. */
export const isDebit = (amount: string) => amount.trim().startsWith('-');

/** "22 Nov 2026, 2:05 pm" in the display time zone: every moment on every screen. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? formatZonedDateTime(date, zone()) : '—';
}
