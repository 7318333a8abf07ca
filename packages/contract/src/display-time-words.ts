import { type DateWords, ENGLISH_DATE_WORDS } from './display-time';
import type { Locale } from './i18n/locales';

/**
 * Hindi's month names, as Hindi newspapers and banking apps write them. The same name in a
 * moment as in a day: the short forms (CLDR's "नव॰") read as abbreviations few customers use,
 * and the full names are about as short as English's abbreviations.
 */
const HINDI_MONTHS = [
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
];

/**
 * Each language's date words (display-time.ts). Apart from display-time.ts so that only the
 * code that shows Hindi — the server, the web's lazy Hindi chunk — carries Hindi's.
 */
export const DATE_WORDS: Record<Locale, DateWords> = {
  en: ENGLISH_DATE_WORDS,
  hi: { months: HINDI_MONTHS, short: HINDI_MONTHS },
};
