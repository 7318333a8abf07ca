import type { MessageValues } from '@iddesk/contract';
import { groupIndian } from './money';

/**
 * English, the source language, formatted straight from a message compiled by Lingui
 * (i18n-catalogues.ts): text, `{name}`, and `plural`/`select` with their `other` case, `#` the
 * count. It is Lingui's interpolation for the one language whose rules we know without Intl
 * (one for 1, other otherwise), so the English first load carries neither Lingui nor ICU data.
 * Counts keep Indian grouping (issue 18 item 3). Null when `message` is not a compiled message.
 */
type Token = string | [string, string?, Record<string, Compiled>?];
type Compiled = string | Token[];

export function formatEnglish(message: unknown, values: MessageValues = {}): string | null {
  if (typeof message !== 'string' && !Array.isArray(message)) return null;
  return format(message as Compiled, values, null);
}

function format(message: Compiled, values: MessageValues, count: number | null): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== null ? groupIndian(String(count)) : token;
      continue;
    }
    const [name, type, cases] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const n = Number(value);
      const branch = cases?.[String(n)] ?? cases?.[n === 1 && type === 'plural' ? 'one' : 'other'] ?? cases?.other;
      if (branch !== undefined) out += format(branch, values, n);
    } else if (type === 'select') {
      const branch = cases?.[String(value)] ?? cases?.other;
      if (branch !== undefined) out += format(branch, values, count);
    } else if (value !== undefined && value !== null) {
      out += String(value);
    }
  }
  return out;
}
