/**
 * A day as people type it and read it in a filter (the desk's, a customer's ledger): dd/mm/yyyy, day first, as every date on the desk is
 * written ("22 Nov 2026") and as an Indian desk reads dates (issue 56). The URL and the API keep
 * the ISO day (YYYY-MM-DD). A browser's own date field would follow the browser's language
 * (mm/dd/yyyy in an English Chrome), so the desk's day fields are text in this one format.
 */

export const DAY_INPUT_PLACEHOLDER = 'dd/mm/yyyy';

/** A day field's input props: text in dd/mm/yyyy, whatever the browser's language (issue 56). */
export const DAY_FIELD = {
  inputMode: 'numeric',
  placeholder: DAY_INPUT_PLACEHOLDER,
  autoComplete: 'off',
  maxLength: 10,
} as const;

/** "2026-12-31" → "31/12/2026"; anything else as it is (nothing lost). */
export function dayForInput(iso: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso ?? '');
}

/**
 * "31/12/2026" (also "31-12-2026", "31.12.2026", "1/2/2026", or an ISO "2026-12-31") → the ISO
 * day; `''` for an empty field; null for anything that is not a real calendar day.
 */
export function dayFromInput(text: string): string | null {
  const value = text.trim();
  if (value === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y || !m || !d) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

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
 * real day) is `message` on its field.
 */
export function daysFromInput<V extends Days>(
  values: V,
  message: string,
): { values: V; errors: Partial<Record<'from' | 'to', string>> } {
  const out = { ...values };
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const key of DAY_KEYS) {
    const day = dayFromInput(values[key] ?? '');
    if (day === null) errors[key] = message;
    else if (day === '') delete out[key];
    else out[key] = day;
  }
  return { values: out, errors };
}
