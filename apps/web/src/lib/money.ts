import { CURRENCY_SYMBOL } from './site-config';

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * Display-only formatting of a wire amount ("1500.00" → "₹1,500.00"). Works on the string's
 * parts, so no floating point is involved.
 */
export function formatMoney(amount: string | null | undefined): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec((amount ?? '').trim());
  if (!match) return `${CURRENCY_SYMBOL}—`;
  const [, sign, whole = '0', frac = ''] = match;
  const grouped = grouping.format(BigInt(whole));
  return `${sign ? '−' : ''}${CURRENCY_SYMBOL}${grouped}.${frac.padEnd(2, '0')}`;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
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

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "22 Nov 2026, 2:05 pm" for lists where the time matters. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}
