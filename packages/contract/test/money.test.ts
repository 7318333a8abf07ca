import { describe, expect, it } from 'vitest';
import { AmountInputSchema, formatAmount, parseAmount } from '../src';

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
});
