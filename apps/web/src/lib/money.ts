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
