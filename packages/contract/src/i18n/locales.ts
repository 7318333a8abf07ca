/**
 * The languages the product speaks (issue 18). Zod-free: the web's first load reads these.
 * English is the source language: every message is written in English first, and a message
 * missing from another language falls back to it.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as a language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first of `tags` (BCP 47, most preferred first, as `navigator.languages` lists them)
 * that we speak, by its primary language: `hi-IN` is Hindi, `en-GB` English. Null for none.
 */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}
