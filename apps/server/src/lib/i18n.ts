import { randomBytes } from 'node:crypto';
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

/** Private-use characters around a marker, after the process's tag. */
const TAG = randomBytes(6).toString('base64url');
const OPEN = `\uE000${TAG}`;
const VALUES = '\uE001';
const CLOSE = '\uE002';
const MARKER = new RegExp(`\uE000${TAG}([\\w.]+)(?:\uE001([^\uE000-\uE002]*))?\uE002`, 'gu');

/**
 * Text in the language of the call being served: error and success messages, and zod's field
 * errors (the contract's translator, plugins/app/locale.ts). Where it is made (a service deep
 * in a call) the language is not at hand, and keeping it in the call's async context
 * (AsyncLocalStorage) made every promise of every call pay for V8's promise hooks: the poll's
 * CPU by a fifth, a withdrawal's by a tenth (issue 19). So `t` writes a marker naming the key
 * and its values, and the answer's text is written in the caller's language when it is sent
 * (`localizeJson`, the locale plugin's onSend hook; decision 025). A marker carries a random
 * tag of this process, so text a caller sends cannot pose as one; it never leaves the process.
 */
export const t = (key: MessageKey, values?: MessageValues): string =>
  values === undefined
    ? `${OPEN}${key}${CLOSE}`
    : `${OPEN}${key}${VALUES}${JSON.stringify(values, englishValues)}${CLOSE}`;

/**
 * A value that is itself a marker (none is today) is written in English, not nested; a
 * caller's text (a form's field name) loses any of the markers' characters it brings.
 */
function englishValues(_key: string, value: unknown): unknown {
  if (typeof value !== 'string' || !MARKER_CHARACTER.test(value)) return value;
  return localize(value, DEFAULT_LOCALE).replace(MARKER_CHARACTERS, '');
}

const MARKER_CHARACTER = /[\uE000-\uE002]/u;
const MARKER_CHARACTERS = /[\uE000-\uE002]/gu;

/** Whether `text` holds a marker of `t` still to be written in a language. */
export const hasText = (text: string): boolean => text.includes(OPEN);

/** `text` with each marker of `t` written in `locale`. */
export const localize = (text: string, locale: Locale): string => written(text, locale, false);

/**
 * A JSON document (an answer's body) with each marker of `t` in its strings written in
 * `locale`: a marker's values are JSON inside a JSON string there, escaped once more.
 */
export const localizeJson = (json: string, locale: Locale): string => written(json, locale, true);

function written(text: string, locale: Locale, inJson: boolean): string {
  if (!text.includes(OPEN)) return text;
  return text.replace(MARKER, (_whole, key: string, raw?: string) => {
    const values = raw === undefined ? undefined : (JSON.parse(inJson ? (JSON.parse(`"${raw}"`) as string) : raw) as MessageValues);
    const message = translateIn(locale, key as MessageKey, values);
    return inJson ? JSON.stringify(message).slice(1, -1) : message;
  });
}

/** The language a request asks for in Accept-Language; English when it names none of ours. */
export function localeOfHeaders(headers: Record<string, string | string[] | undefined>): Locale {
  const header = headers['accept-language'];
  // No header (an API client, the bench): every language is as good, so the first, the default.
  if (header === undefined) return DEFAULT_LOCALE;
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
