import { groupIndian } from '@iddesk/contract';
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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** en-IN's short month names (CLDR): "Sept", not "Sep". */
const SHORT_MONTHS = MONTHS.map((m) => (m === 'September' ? 'Sept' : m.slice(0, 3)));

/**
 * Dates are written by hand in en-IN's format, in the browser's time zone, rather than with
 * Intl.DateTimeFormat: building one loads ICU data on the first page that shows a date (about
 * 15 ms of a fast machine's main thread, four times that on a phone). money.test.ts checks the
 * output against Intl.
 */
const dateFormat = (date: Date) =>
  `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat(date);
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

function dateTimeFormat(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
  return `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}, ${time}`;
}

/** "22 Nov 2026, 2:05 pm" for lists where the time matters. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat(date);
}
