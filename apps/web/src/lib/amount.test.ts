import { describe, expect, it } from 'vitest';
import { amountInputError, exceedsBalance, normaliseAmount } from './amount';
import { formatSignedMoney } from './money';

describe('amount input', () => {
  it('accepts whole rupees, paise and Indian grouping commas', () => {
    expect(amountInputError('1500')).toBeNull();
    expect(amountInputError('1,500.5')).toBeNull();
    expect(normaliseAmount('1,500.5')).toBe('1500.50');
    expect(normaliseAmount(' 0.01 ')).toBe('0.01');
  });

  it('explains what is wrong', () => {
    expect(amountInputError('  ')).toBe('Enter the amount.');
    expect(amountInputError('0.00')).toBe('The amount must be greater than zero.');
    expect(amountInputError('1.999')).toMatch(/at most two decimals/);
    expect(amountInputError('1e3')).toMatch(/at most two decimals/);
  });

  it('compares with the balance in paise (bigint), to the last paisa', () => {
    expect(exceedsBalance('0.30', '0.30')).toBe(false);
    expect(exceedsBalance('0.31', '0.30')).toBe(true);
    expect(exceedsBalance('999999999999.99', '999999999999.98')).toBe(true);
    expect(exceedsBalance('abc', '10.00')).toBe(false);
    expect(exceedsBalance('5', undefined)).toBe(false);
  });
});

describe('formatSignedMoney', () => {
  it('marks credits with + and debits with −', () => {
    expect(formatSignedMoney('100.00')).toBe('+₹100.00');
    expect(formatSignedMoney('-100.00')).toBe('−₹100.00');
    expect(formatSignedMoney('0.00')).toBe('₹0.00');
  });
});
