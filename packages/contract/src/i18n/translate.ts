import type { MessageKey } from './keys';
import validationEn from './en/validation.json';

/** Values a message interpolates: `{name}` placeholders and plural counts. */
export type MessageValues = Record<string, string | number>;

/**
 * Turns a catalogue key into text in the current language. The server installs one that reads
 * the request's language (Accept-Language), the web one that reads the language chosen on the
 * page; `english` is the message's English source when the caller has it at hand.
 */
export type Translator = (key: MessageKey, values: MessageValues | undefined, english: unknown) => string;

/** Without a translator (scripts, the contract's own tests): the English source, filled in. */
const english: Translator = (key, values, source) =>
  typeof source === 'string'
    ? source.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole))
    : key;

let current: Translator = english;

export function setTranslator(translator: Translator): void {
  current = translator;
}

const VALIDATION = validationEn as Record<string, unknown>;

/** The text of `key` now, in the current language. */
export function translate(key: MessageKey, values?: MessageValues): string {
  const [ns, ...rest] = key.split('.');
  return current(key, values, ns === 'validation' ? VALIDATION[rest.join('.')] : undefined);
}

/**
 * A zod check's message as a catalogue key: `.min(2, msg('validation.name.min'))`. Zod asks for
 * the text when the check fails, so it is written in the language of that moment: the request's
 * on the server, the page's in the browser.
 */
export const msg = (key: MessageKey, values?: MessageValues) => ({
  error: () => translate(key, values),
});
