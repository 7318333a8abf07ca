import { afterEach, describe, expect, it } from 'vitest';
import { formatZonedDateTime, zonedParts } from '../src';

const india = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The wall clock Intl reads for `date` in India, month 0–11. */
function intlParts(date: Date) {
  const parts = india.formatToParts(date);
  const read = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: read('year'),
    month: read('month') - 1,
    day: read('day'),
    hour: read('hour') % 24,
    minute: read('minute'),
  };
}

describe('zonedParts', () => {
  const Original = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = Original;
  });

  it('issue 56: reads India and UTC without an Intl formatter, so no time zone data loads', () => {
    let built = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built++;
      }
    } as typeof Intl.DateTimeFormat;
    expect(formatZonedDateTime(new Date('2026-11-23T21:06:00Z'), 'Asia/Kolkata')).toBe(
      '24 Nov 2026, 2:36 am',
    );
    expect(formatZonedDateTime(new Date('2026-11-23T21:06:00Z'), 'UTC')).toBe(
      '23 Nov 2026, 9:06 pm',
    );
    expect(built).toBe(0);
  });

  it('issue 56: agrees with Intl in India every few days from 1945 to 2100, and before', () => {
    // Every 3 days and 7 hours 13 minutes: every hour of the day, month ends and leap days.
    const step = ((3 * 24 + 7) * 60 + 13) * 60_000;
    for (let t = Date.UTC(1945, 0, 1); t < Date.UTC(2100, 0, 1); t += step) {
      const date = new Date(t);
      expect(zonedParts(date, 'Asia/Kolkata'), date.toISOString()).toEqual(intlParts(date));
    }
    // The change to +05:30 in October 1945, minute by minute around it, and the war years' +06:30.
    for (let t = Date.UTC(1945, 9, 14, 16); t < Date.UTC(1945, 9, 14, 19); t += 60_000) {
      const date = new Date(t);
      expect(zonedParts(date, 'Asia/Kolkata'), date.toISOString()).toEqual(intlParts(date));
    }
    const wartime = new Date(Date.UTC(1943, 5, 1, 12));
    expect(zonedParts(wartime, 'Asia/Kolkata')).toEqual({
      year: 1943,
      month: 5,
      day: 1,
      hour: 18,
      minute: 30,
    });
  });

  it('still refuses a zone it does not know', () => {
    expect(() => zonedParts(new Date(0), 'Not/AZone')).toThrow(RangeError);
  });
});
