import { dayForInput, dayFromInput } from '../../../lib/day-input';
import { staffText } from '../i18n';

type Days = { from?: string | undefined; to?: string | undefined };
const DAY_KEYS = ['from', 'to'] as const;

/** A filter's ISO days as the fields show them: dd/mm/yyyy (issue 56). */
export function daysForInput<V extends Days>(values: V): V {
  const shown = { ...values };
  for (const key of DAY_KEYS) if (values[key]) shown[key] = dayForInput(values[key]);
  return shown;
}

/**
 * The typed days back to ISO for the URL and the API; a day that is not dd/mm/yyyy (or not a
 * real day) is an error on its field, in the page's language.
 */
export function daysFromInput<V extends Days>(values: V): { values: V; errors: Partial<Record<'from' | 'to', string>> } {
  const out = { ...values };
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const key of DAY_KEYS) {
    const day = dayFromInput(values[key] ?? '');
    if (day === null) errors[key] = staffText.t('filter.dayFormat');
    else if (day === '') delete out[key];
    else out[key] = day;
  }
  return { values: out, errors };
}
