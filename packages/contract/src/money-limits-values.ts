// The owners' money limits (issue 17, money rule 8 of docs/product.md#money-rules) without zod: the defaults and the
// checks the server's services and the customers' forms share. The schemas: money-limits.ts.
import { formatAmount, formatRupees, parseAmount } from './amounts';
import { translate } from './i18n/translate';

/** The customer operations an amount limit applies to. */
export const MONEY_OPERATIONS = ['add_funds', 'withdraw', 'id_create', 'id_deposit', 'id_withdraw'] as const;
export type MoneyOperation = (typeof MONEY_OPERATIONS)[number];

/** Wire amounts ("100.00"): the least and the most one call may be. */
export type AmountRange = { min: string; max: string };

/**
 * Per operation, and `daily_payout`: the most a customer's wallet withdrawals (waiting and
 * paid) may add up to in one day of the site's time zone.
 */
export type MoneyLimits = Record<MoneyOperation, AmountRange> & { daily_payout: string };

/** What a fresh installation enforces until an owner changes it (docs/product.md). */
export const DEFAULT_MONEY_LIMITS: MoneyLimits = {
  add_funds: { min: '100.00', max: '200000.00' },
  withdraw: { min: '100.00', max: '100000.00' },
  id_create: { min: '100.00', max: '500000.00' },
  id_deposit: { min: '100.00', max: '500000.00' },
  id_withdraw: { min: '100.00', max: '500000.00' },
  daily_payout: '200000.00',
};

const minorOf = (wire: string) => parseAmount(wire) ?? 0n;

/** Limits read into minor units (what the body schema outputs) back to the wire format. */
export function limitsToWire(
  limits: Record<MoneyOperation, { min: bigint; max: bigint }> & { daily_payout: bigint },
): MoneyLimits {
  const range = (operation: MoneyOperation): AmountRange => ({
    min: formatAmount(limits[operation].min),
    max: formatAmount(limits[operation].max),
  });
  return {
    add_funds: range('add_funds'),
    withdraw: range('withdraw'),
    id_create: range('id_create'),
    id_deposit: range('id_deposit'),
    id_withdraw: range('id_withdraw'),
    daily_payout: formatAmount(limits.daily_payout),
  };
}

/** Below the operation's minimum, naming it, in the reader's language (issue 18). */
export const belowLimitMessage = (min: bigint) =>
  translate('validation.amount.belowLimit', { min: formatRupees(min) });
/** Above the operation's maximum, naming it. */
export const aboveLimitMessage = (max: bigint) =>
  translate('validation.amount.aboveLimit', { max: formatRupees(max) });

/** "₹100.00 to ₹2,00,000.00": what the forms say before anything is typed. */
export function limitRangeText(limits: MoneyLimits, operation: MoneyOperation, floor?: bigint): string {
  const range = limits[operation];
  const min = floor !== undefined && floor > minorOf(range.min) ? floor : minorOf(range.min);
  return translate('validation.amount.range', { min: formatRupees(min), max: formatRupees(minorOf(range.max)) });
}

/** The amount against the operation's limits: the message naming the limit, or null. */
export function limitProblem(limits: MoneyLimits, operation: MoneyOperation, amount: bigint): string | null {
  const range = limits[operation];
  const min = minorOf(range.min);
  const max = minorOf(range.max);
  if (amount < min) return belowLimitMessage(min);
  if (amount > max) return aboveLimitMessage(max);
  return null;
}

/**
 * What the customer may still withdraw today: the daily payout total less `paidToday` (their
 * withdrawals of today, waiting and paid), never below zero (the owners may lower the total
 * after the customer withdrew).
 */
export function payoutLeftToday(limits: MoneyLimits, paidToday: bigint): bigint {
  const limit = minorOf(limits.daily_payout);
  return limit > paidToday ? limit - paidToday : 0n;
}

/**
 * A withdrawal against the daily payout total: `paidToday` is what the customer's withdrawals
 * of today (waiting and paid) already add up to. The message says how much is left today.
 */
export function dailyPayoutProblem(limits: MoneyLimits, paidToday: bigint, amount: bigint): string | null {
  const limit = minorOf(limits.daily_payout);
  if (paidToday + amount <= limit) return null;
  const left = payoutLeftToday(limits, paidToday);
  return left === 0n
    ? translate('validation.payout.limitReached', { limit: formatRupees(limit) })
    : translate('validation.payout.overLimit', { limit: formatRupees(limit), left: formatRupees(left) });
}
