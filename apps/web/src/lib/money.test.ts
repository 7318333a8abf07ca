import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, groupIndian } from './money';

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

describe('groupIndian', () => {
  it('groups like Intl en-IN for every length up to 22 digits, leading zeros dropped', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    for (let length = 1; length <= 22; length++) {
      const digits = Array.from({ length }, (_, i) => String((i * 7 + length) % 10)).join('');
      expect(groupIndian(digits), digits).toBe(intl.format(BigInt(digits)));
    }
    expect(groupIndian('000')).toBe('0');
    expect(groupIndian('0001500')).toBe('1,500');
  });
});

describe('formatDate and formatDateTime', () => {
  it('write what Intl en-IN writes, for every month and across the hours', () => {
    const long = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const withTime = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    for (let month = 0; month < 12; month++) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [15, 12, 0],
        [28, 13, 30],
        [28, 23, 59],
      ] as const) {
        const date = new Date(2026, month, day, hour, minute);
        expect(formatDate(date.toISOString())).toBe(long.format(date));
        expect(formatDateTime(date.toISOString())).toBe(withTime.format(date));
      }
    }
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
