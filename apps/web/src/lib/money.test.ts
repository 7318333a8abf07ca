import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from './i18n';
import { formatDate, formatDateTime, formatMoney, groupIndian, setDisplayTimeZone } from './money';

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
  afterEach(() => setDisplayTimeZone('Asia/Kolkata'));

  it('write what Intl en-IN writes in the display time zone, every month, across the hours', () => {
    for (const timeZone of ['Asia/Kolkata', 'UTC', 'America/New_York']) {
      setDisplayTimeZone(timeZone);
      const long = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone,
      });
      const withTime = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      });
      for (let month = 0; month < 12; month++) {
        for (const [day, hour, minute] of [
          [1, 0, 0],
          [9, 9, 5],
          [15, 12, 0],
          [28, 13, 30],
          [28, 23, 59],
        ] as const) {
          const date = new Date(Date.UTC(2026, month, day, hour, minute));
          expect(formatDate(date.toISOString())).toBe(long.format(date));
          expect(formatDateTime(date.toISOString())).toBe(withTime.format(date));
        }
      }
    }
  });

  it('issue 17: one clock whatever the browser zone — the approval of 23 Nov 21:06 UTC', () => {
    expect(formatDateTime('2026-11-23T21:06:00Z')).toBe('24 Nov 2026, 2:36 am');
    setDisplayTimeZone('UTC');
    expect(formatDateTime('2026-11-23T21:06:00Z')).toBe('23 Nov 2026, 9:06 pm');
    setDisplayTimeZone('Not/AZone');
    expect(formatDateTime('2026-11-23T21:06:00Z')).toBe('23 Nov 2026, 9:06 pm');
  });

  it('checks the zone when the first date is written, not when the settings arrive (issue 17 boot time)', () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      // A zone no other test uses: the contract keeps one formatter per zone.
      setDisplayTimeZone('Asia/Tokyo');
      expect(built).toBe(0);
      expect(formatDateTime('2026-11-23T21:06:00Z')).toBe('24 Nov 2026, 6:06 am');
      expect(built).toBe(1);
      expect(formatDate('2026-11-23T21:06:00Z')).toBe('24 November 2026');
      expect(built).toBe(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('dates and money in Hindi (issue 18)', () => {
  afterEach(async () => {
    setDisplayTimeZone('Asia/Kolkata');
    await activateLocale('en');
  });

  it("write Hindi's month names with Latin digits, in the display time zone and the one format", async () => {
    await activateLocale('hi');
    expect(formatDateTime('2026-11-23T21:06:00Z')).toBe('24 नवंबर 2026, 2:36 am');
    expect(formatDate('2026-11-23T21:06:00Z')).toBe('24 नवंबर 2026');
    setDisplayTimeZone('UTC');
    expect(formatDateTime('2026-11-23T21:06:00Z')).toBe('23 नवंबर 2026, 9:06 pm');
    const months = Array.from({ length: 12 }, (_, m) => formatDate(new Date(Date.UTC(2026, m, 15)).toISOString()));
    expect(months.map((d) => d.split(' ')[1])).toEqual([
      'जनवरी',
      'फ़रवरी',
      'मार्च',
      'अप्रैल',
      'मई',
      'जून',
      'जुलाई',
      'अगस्त',
      'सितंबर',
      'अक्टूबर',
      'नवंबर',
      'दिसंबर',
    ]);
    expect(months.join(' ')).not.toMatch(/[\u0966-\u096F]/);
  });

  it('go back to English words when English is chosen again', async () => {
    await activateLocale('hi');
    await activateLocale('en');
    expect(formatDateTime('2026-11-23T21:06:00Z')).toBe('24 Nov 2026, 2:36 am');
  });

  it('money keeps Indian grouping and Latin digits in Hindi', async () => {
    await activateLocale('hi');
    expect(formatMoney('100000')).toBe('₹1,00,000.00');
    expect(formatMoney('1234567.5')).toBe('₹12,34,567.50');
  });
});

describe('prepareDates', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("builds the display zone's formatter in a later task, once a page load", async () => {
    vi.resetModules();
    vi.useFakeTimers();
    const built: (string | undefined)[] = [];
    const Original = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locales?: string, options?: Intl.DateTimeFormatOptions) {
      built.push(options?.timeZone);
      return new Original(locales, options);
    } as typeof Intl.DateTimeFormat);
    const money = await import('./money');
    // A zone no other test builds, named by the settings as they arrive.
    money.setDisplayTimeZone('Pacific/Chatham');
    money.prepareDates();
    expect(built).toEqual([]);
    vi.runAllTimers();
    expect(built).toEqual(['Pacific/Chatham']);
    money.prepareDates();
    vi.runAllTimers();
    expect(built).toEqual(['Pacific/Chatham']);
    // The first date written uses it: nothing more is built.
    expect(money.formatDate('2026-11-29T00:00:00Z')).toMatch(/29 November 2026/);
    expect(built).toEqual(['Pacific/Chatham']);
  });
});
