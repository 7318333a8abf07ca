/**
 * The one way a date and time is written, on every screen and in every answer that carries a
 * written time (a notification's `created_at_full`): in the site's display time zone (the
 * server's `DISPLAY_TIME_ZONE`, sent to the web in the public site settings), en-IN's words,
 * a 12-hour clock: "22 Nov 2026, 2:05 pm" (issue 17). In Hindi only the month's name changes
 * (display-time-words.ts): "22 नवंबर 2026, 2:05 pm", Latin digits as Indian banking apps write
 * them (issue 18).
 */
export const DEFAULT_DISPLAY_TIME_ZONE = 'Asia/Kolkata';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** en-IN's short month names (CLDR): "Sept", not "Sep". */
const SHORT_MONTHS = MONTHS.map((m) => (m === 'September' ? 'Sept' : m.slice(0, 3)));

/** The words of a written date in one language: the months' names, in full and short. */
export type DateWords = { months: readonly string[]; short: readonly string[] };

export const ENGLISH_DATE_WORDS: DateWords = { months: MONTHS, short: SHORT_MONTHS };

let wordsNow: () => DateWords | undefined = () => undefined;

/**
 * Who says which words a date is written in when the caller names none: the server installs
 * the call's language (Accept-Language), the web the page's; English when it answers nothing.
 * Only English lives here, so an English page carries no other language's words.
 */
export function setDateWords(read: () => DateWords | undefined): void {
  wordsNow = read;
}

/** A moment's wall-clock reading in a zone: month 0–11, hour 0–23. */
export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number };

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Zones whose offset from UTC has stayed the same since `since` (ms since the epoch), by the
 * IANA time zone database: their wall clock is the UTC clock moved by the offset, with no Intl
 * formatter, whose first use with a zone loads ICU's time zone data (100–190 ms of a phone's
 * main thread at Lighthouse's 4× CPU: issue 56). India has kept +05:30 since 15 Oct 1945
 * (+06:30 before, in the war years); an earlier date goes through Intl like any other zone.
 */
const FIXED_OFFSET_ZONES: Record<string, { minutes: number; since: number }> = {
  'Asia/Kolkata': { minutes: 330, since: Date.UTC(1945, 9, 14, 17, 30) },
  'Asia/Calcutta': { minutes: 330, since: Date.UTC(1945, 9, 14, 17, 30) },
  UTC: { minutes: 0, since: -Infinity },
  'Etc/UTC': { minutes: 0, since: -Infinity },
};

/**
 * The wall clock of `date` in `timeZone`. Intl only for the numbers, built once per zone (the
 * words are ours, so every runtime writes the same); an unknown zone throws RangeError.
 */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const fixed = Object.hasOwn(FIXED_OFFSET_ZONES, timeZone) ? FIXED_OFFSET_ZONES[timeZone] : undefined;
  if (fixed && date.getTime() >= fixed.since) {
    const wall = new Date(date.getTime() + fixed.minutes * 60_000);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth(),
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    };
  }
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const out: Record<string, number> = {};
  for (const part of format.formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out.year ?? 0,
    month: (out.month ?? 1) - 1,
    day: out.day ?? 1,
    // Some engines write midnight as 24 even with h23.
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
  };
}

/** "22 November 2026": a day, where the time does not matter. */
export function formatZonedDate(
  date: Date,
  timeZone: string,
  words: DateWords = wordsNow() ?? ENGLISH_DATE_WORDS,
): string {
  const p = zonedParts(date, timeZone);
  return `${p.day} ${words.months[p.month]} ${p.year}`;
}

/** "22 Nov 2026, 2:05 pm": a moment. */
export function formatZonedDateTime(
  date: Date,
  timeZone: string,
  words: DateWords = wordsNow() ?? ENGLISH_DATE_WORDS,
): string {
  const p = zonedParts(date, timeZone);
  const time = `${p.hour % 12 || 12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'am' : 'pm'}`;
  return `${p.day} ${words.short[p.month]} ${p.year}, ${time}`;
}
