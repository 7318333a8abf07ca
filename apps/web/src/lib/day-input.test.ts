import { describe, expect, it } from 'vitest';
import { dayForInput, dayFromInput } from './day-input';

describe('a day typed on the desk (issue 56: dd/mm/yyyy)', () => {
  it('reads day first, in the usual spellings, into the ISO day', () => {
    expect(dayFromInput('31/12/2026')).toBe('2026-12-31');
    expect(dayFromInput(' 1/2/2026 ')).toBe('2026-02-01');
    expect(dayFromInput('05-03-2026')).toBe('2026-03-05');
    expect(dayFromInput('05.03.2026')).toBe('2026-03-05');
    expect(dayFromInput('2026-03-05')).toBe('2026-03-05');
    expect(dayFromInput('')).toBe('');
  });

  it('refuses what is not a real day, never reading it month first', () => {
    expect(dayFromInput('12/31/2026')).toBeNull();
    expect(dayFromInput('29/02/2026')).toBeNull();
    expect(dayFromInput('29/02/2028')).toBe('2028-02-29');
    expect(dayFromInput('31/04/2026')).toBeNull();
    expect(dayFromInput('yesterday')).toBeNull();
    expect(dayFromInput('1/2/26')).toBeNull();
  });

  it('writes a stored day back day first', () => {
    expect(dayForInput('2026-12-31')).toBe('31/12/2026');
    expect(dayForInput(undefined)).toBe('');
  });
});
