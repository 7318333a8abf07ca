import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats wire amounts with the rupee sign and Indian grouping', () => {
    expect(formatMoney('0.00')).toBe('₹0.00');
    expect(formatMoney('1500.00')).toBe('₹1,500.00');
    expect(formatMoney('1234567.5')).toBe('₹12,34,567.50');
    expect(formatMoney('-25.10')).toBe('−₹25.10');
  });

  it('keeps precision beyond what a float holds', () => {
    expect(formatMoney('900719925474099.99')).toBe('₹90,07,19,92,54,74,099.99');
  });

  it('shows a dash for anything that is not an amount', () => {
    expect(formatMoney(undefined)).toBe('₹—');
    expect(formatMoney('abc')).toBe('₹—');
  });
});
