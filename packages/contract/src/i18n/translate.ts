import type { MessageKey } from './keys';
import validationEn from './en/validation.json' with { type: 'json' };
import { currentTranslator, type MessageValues } from './translator';

const VALIDATION = validationEn as Record<string, unknown>;

/** The text of `key` now, in the current language (translator.ts). */
export function translate(key: MessageKey, values?: MessageValues): string {
  const [ns, ...rest] = key.split('.');
  return currentTranslator()(key, values, ns === 'validation' ? VALIDATION[rest.join('.')] : undefined);
}

/**
 * A zod check's message as a catalogue key: `.min(2, msg('validation.name.min'))`. Zod asks for
 * the text when the check fails, so it is written in the language of that moment: the request's
 * on the server, the page's in the browser.
 */
export const msg = (key: MessageKey, values?: MessageValues) => ({
  error: () => translate(key, values),
});
