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
  const [best] = new Negotiator({ headers }).languages([...LOCALES]) as Locale[];
  return best ?? DEFAULT_LOCALE;
}
