import { describe, expect, it } from 'vitest';
import { waitedFor, waitedSeconds } from './waiting';

const MIN = 60_000;

describe('waitedFor', () => {
  it('reads minutes, hours and days the way a queue row shows them', () => {
    expect(waitedFor(0, 30_000)).toBe('under a minute');
    expect(waitedFor(0, 12 * MIN)).toBe('12 min');
    expect(waitedFor(0, 60 * MIN)).toBe('1 h');
    expect(waitedFor(0, 185 * MIN)).toBe('3 h 5 min');
    expect(waitedFor(0, 24 * 60 * MIN)).toBe('1 day');
    expect(waitedFor(0, (2 * 24 + 4) * 60 * MIN + 7 * MIN)).toBe('2 days 4 h');
  });

  it('a clock behind the server never shows a negative age', () => {
    expect(waitedFor(10 * MIN, 0)).toBe('under a minute');
    expect(waitedSeconds(750)).toBe('12 min');
  });
});

describe('sumAmounts', () => {
  it('adds to the paisa without floating point', async () => {
    const { sumAmounts } = await import('./sum-amounts');
    expect(sumAmounts(['0.10', '0.20', '1234567.05'])).toBe('1234567.35');
    expect(sumAmounts([])).toBe('0.00');
  });
});
