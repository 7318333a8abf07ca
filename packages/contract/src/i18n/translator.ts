import type { MessageKey } from './keys';

/** Values a message interpolates: `{name}` placeholders and plural counts. */
export type MessageValues = Record<string, string | number>;

/**
 * Turns a catalogue key into text in the current language. The server installs one that reads
 * the request's language (Accept-Language), the web one that reads the language chosen on the
 * page; `english` is the message's English source when the caller has it at hand. Kept apart
 * from translate.ts, which carries the English validation messages, so that installing one
 * does not bring them into a bundle.
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

export const currentTranslator = (): Translator => current;
