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

/**
 * From the site settings' answer, which arrives during startup. Checking the zone builds its
 * formatter there, in a network callback, rather than in the render of the first date (it
 * loads ICU data: about 15 ms of a fast machine's main thread, four times that on a phone).
 */
export function setDisplayTimeZone(timeZone: string): void {
  try {
    zonedParts(new Date(0), timeZone);
    displayTimeZone = timeZone;
  } catch {
    // A zone this browser does not know: keep the default rather than break every date.
  }
}

const readDate = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "22 November 2026" in the display time zone. */
export function formatDate(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? formatZonedDate(date, displayTimeZone) : '—';
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
  return date ? formatZonedDateTime(date, displayTimeZone) : '—';
}
