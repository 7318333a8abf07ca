import { asyncLocalStorage, requestContext } from '@fastify/request-context';
import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  type MessageKey,
  type MessageValues,
  SERVER_CATALOGUES,
  SERVER_NAMESPACES,
} from '@iddesk/contract';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import Negotiator from 'negotiator';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The language of the call (Accept-Language), for every text written while it runs. */
    locale: Locale;
  }
}

/**
 * One Lingui instance per language with the server's catalogues compiled once at start (a
 * broken ICU message fails the start, not a request). A key missing in Hindi falls back to
 * English; `npm run lint` (scripts/i18n-check.mjs) refuses such a catalogue anyway.
 */
function compile(locale: Locale): I18n {
  const messages: Messages = {};
  for (const ns of SERVER_NAMESPACES) {
    const fallback = SERVER_CATALOGUES[DEFAULT_LOCALE][ns];
    const own = SERVER_CATALOGUES[locale][ns];
    for (const [key, english] of Object.entries(fallback)) {
      messages[`${ns}.${key}`] = compileMessageOrThrow(own[key] ?? english);
    }
  }
  return setupI18n({ locale, messages: { [locale]: messages } });
}

const instances = Object.fromEntries(LOCALES.map((l) => [l, compile(l)])) as Record<Locale, I18n>;

/** `key` in `locale`: notifications and mail, written in their recipient's language. */
export function translateIn(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return instances[locale]._(key, values);
}

/** The language of the call being served; English outside a call (start-up, tests of services). */
export const currentLocale = (): Locale => requestContext.get('locale') ?? DEFAULT_LOCALE;

/** `key` in the language of the call being served: error and success messages. */
export const t = (key: MessageKey, values?: MessageValues): string =>
  translateIn(currentLocale(), key, values);

/**
 * Runs `fn` with `locale` as the call's language: for code that answers outside the call's
 * async context (Fastify parses a body and reports its errors outside it).
 */
export function withLocale<T>(locale: Locale, fn: () => T): T {
  return asyncLocalStorage.run({ locale } as unknown as Parameters<typeof asyncLocalStorage.run>[0], fn);
}

/** The language a request asks for in Accept-Language; English when it names none of ours. */
export function localeOfHeaders(headers: Record<string, string | string[] | undefined>): Locale {
  const header = headers['accept-language'];
  if (typeof header !== 'string' || header.length > LOCALE_CACHE_KEY_MAX) return negotiatedLocale(headers);
  // A browser sends the same header on every call, the 5-second poll's included: each value is
  // negotiated once (~7 µs of a poll's ~200 on this host, issue 19).
  let locale = localeByHeader.get(header);
  if (locale === undefined) {
    if (localeByHeader.size >= LOCALE_CACHE_LIMIT) localeByHeader.clear();
    locale = negotiatedLocale(headers);
    localeByHeader.set(header, locale);
  }
  return locale;
}

/**
 * Distinct Accept-Language values kept; past it the map starts again. The header is the
 * caller's: a value longer than a browser's (~100 characters) is negotiated each time, so the
 * map holds 200 KB at most.
 */
export const LOCALE_CACHE_LIMIT = 1000;
const LOCALE_CACHE_KEY_MAX = 200;
const localeByHeader = new Map<string, Locale>();

function negotiatedLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const [best] = new Negotiator({ headers }).languages([...LOCALES]) as Locale[];
  return best ?? DEFAULT_LOCALE;
}
