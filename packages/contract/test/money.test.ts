import { describe, expect, it } from 'vitest';
import {
  AMOUNT_CEILING,
  amountProblemMessage,
  AmountInputSchema,
  DEFAULT_MONEY_LIMITS,
  dailyPayoutProblem,
  formatAmount,
  formatRupees,
  limitProblem,
  MoneyLimitsBodySchema,
  parseAmount,
  payoutLeftToday,
  readAmount,
} from '../src';

describe('money', () => {
  it('parses decimal strings and numbers into minor units', () => {
    expect(parseAmount('1500')).toBe(150000n);
    expect(parseAmount('1500.5')).toBe(150050n);
    expect(parseAmount('0.01')).toBe(1n);
    expect(parseAmount(12.34)).toBe(1234n);
  });
  it('refuses three decimals, negatives, exponents and junk', () => {
    for (const bad of ['1.234', '-1', '1e3', 'abc', '', '01', ' . ', '1.']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
    expect(parseAmount(Number.NaN)).toBeNull();
  });
  it('formats minor units with two places, sign kept', () => {
    expect(formatAmount(150000n)).toBe('1500.00');
    expect(formatAmount(5n)).toBe('0.05');
    expect(formatAmount(-1234n)).toBe('-12.34');
  });
  it('AmountInputSchema refuses zero with a message', () => {
    expect(AmountInputSchema.safeParse('0').success).toBe(false);
    expect(AmountInputSchema.parse('10.50')).toBe(1050n);
  });
  it('refuses amounts above the ceiling of ₹10,00,00,000.00', () => {
    expect(parseAmount('100000000')).toBe(10_000_000_000n);
    expect(parseAmount('100000000.01')).toBeNull();
    expect(parseAmount(1e20)).toBeNull();
  });
});

describe('amount messages (issue 17): each says what is wrong', () => {
  it.each([
    ['', 'missing'],
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['-abc', 'not_a_number'],
    ['1e5', 'not_a_number'],
    ['1,500', 'not_a_number'],
    ['12.345', 'decimals'],
    ['100000000000', 'too_large'],
    ['1000000000000000000000', 'too_large'],
  ] as const)('%j is %s', (input, problem) => {
    expect(readAmount(input)).toEqual({ ok: false, problem });
    expect(AmountInputSchema.safeParse(input).error?.issues[0]?.message).toBe(amountProblemMessage(problem));
  });
  it('zero reads, but an input amount must be greater than zero', () => {
    expect(readAmount('0.00')).toEqual({ ok: true, minor: 0n });
    expect(AmountInputSchema.safeParse('0').error?.issues[0]?.message).toBe(amountProblemMessage('zero'));
    expect(AmountInputSchema.safeParse(undefined).error?.issues[0]?.message).toBe(amountProblemMessage('missing'));
    expect(AmountInputSchema.safeParse(true).error?.issues[0]?.message).toBe(amountProblemMessage('not_a_number'));
  });
  it('names limits in rupees with Indian grouping', () => {
    expect(formatRupees(2_00_000_00n)).toBe('₹2,00,000.00');
    expect(formatRupees(5n)).toBe('₹0.05');
    expect(amountProblemMessage('too_large')).toBe(`The amount is too large: at most ${formatRupees(AMOUNT_CEILING)}.`);
  });
});

describe('money limits (money rule 8)', () => {
  it('checks an amount against an operation’s range, the ends included', () => {
    expect(limitProblem(DEFAULT_MONEY_LIMITS, 'add_funds', 10_000n)).toBeNull();
    expect(limitProblem(DEFAULT_MONEY_LIMITS, 'add_funds', 9_999n)).toBe('The amount must be at least ₹100.00.');
    expect(limitProblem(DEFAULT_MONEY_LIMITS, 'add_funds', 2_00_000_00n)).toBeNull();
    expect(limitProblem(DEFAULT_MONEY_LIMITS, 'add_funds', 2_00_000_01n)).toBe('The amount may be at most ₹2,00,000.00.');
  });
  it('says how much of the day’s payout total is left', () => {
    expect(dailyPayoutProblem(DEFAULT_MONEY_LIMITS, 1_50_000_00n, 50_000_00n)).toBeNull();
    expect(dailyPayoutProblem(DEFAULT_MONEY_LIMITS, 1_50_000_00n, 50_000_01n)).toBe(
      "That is over today's payout limit of ₹2,00,000.00: you can withdraw at most ₹50,000.00 more today.",
    );
    expect(dailyPayoutProblem(DEFAULT_MONEY_LIMITS, 2_00_000_00n, 1n)).toMatch(/reached today's payout limit/);
  });
  it('what is left of the day’s payout total never goes below zero', () => {
    expect(payoutLeftToday(DEFAULT_MONEY_LIMITS, 0n)).toBe(2_00_000_00n);
    expect(payoutLeftToday(DEFAULT_MONEY_LIMITS, 1_50_000_01n)).toBe(49_999_99n);
    // The owners lowered the total after the customer withdrew more than it.
    expect(payoutLeftToday({ ...DEFAULT_MONEY_LIMITS, daily_payout: '1000.00' }, 1_500_00n)).toBe(0n);
  });
  it('the owners’ body: every range read, each maximum at least its minimum', () => {
    const ok = MoneyLimitsBodySchema.parse(DEFAULT_MONEY_LIMITS);
    expect(ok.withdraw).toEqual({ min: 10_000n, max: 1_00_000_00n });
    const bad = MoneyLimitsBodySchema.safeParse({ ...DEFAULT_MONEY_LIMITS, id_withdraw: { min: '50', max: '10' } });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['id_withdraw.max', 'The maximum must be at least the minimum.'],
    ]);
  });
});
