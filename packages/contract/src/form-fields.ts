import { z } from 'zod';
import { msg } from './i18n/translate';

/** A check's message: English text (not translated yet) or a catalogue key through `msg`. */
type Message = string | ReturnType<typeof msg>;

/**
 * Building blocks for bodies that arrive either as JSON or as multipart form data. Form data
 * carries only strings, and an empty input is sent as "", so "" means "not given".
 */
const blankToUndefined = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v;

/** Optional trimmed text; "" and null read as absent. */
export const optionalText = (max: number, tooLong: Message = msg('validation.text.max', { max })) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, tooLong).optional());

/** Required trimmed text with a message for "missing" as well as "empty". */
export const requiredText = (
  max: number,
  missing: Message,
  tooLong: Message = msg('validation.text.max', { max }),
) =>
  z.preprocess(
    blankToUndefined,
    z.string(missing).trim().min(1, missing).max(max, tooLong),
  );

/** A boolean as JSON sends it or as a form field ("true"/"false", "1"/"0", "on"/"off"). */
export const FormBooleanSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(s)) return true;
    if (['false', '0', 'off', 'no'].includes(s)) return false;
    return v;
  },
  z.boolean(msg('validation.boolean')),
);

/** A positive database id as JSON (number) or form data (digits). */
export const formId = (message: Message) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : blankToUndefined(v)),
    z.number(message).int(message).positive(message).max(2_147_483_647, message),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as YYYY-MM-DD (a filter's `from`/`to`, in the site's display time zone), or nothing. */
export const optionalDay = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(DAY, msg('validation.day'))
    .refine((v) => !Number.isNaN(Date.parse(v + 'T00:00:00Z')), msg('validation.day'))
    .optional(),
);
