import { z } from 'zod';

/** Building blocks for the env schema: every variable arrives as a string or not at all. */

export const emptyToUndefined = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;

export const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

export const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
        error: 'Use true or false.',
      })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v))),
  );

/** Like booleanFlag, but unset stays undefined: the default depends on other variables. */
export const optionalFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'Use true or false.' })
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes', 'on'].includes(v))),
);

export const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Use a whole number.' })
      .int('Use a whole number.')
      .min(min, `Use a number of at least ${min}.`)
      .max(max, `Use a number of at most ${max}.`)
      .default(fallback),
  );

/** `TRUST_PROXY`: false (default), true, a hop count, or a comma-separated list of addresses. */
export const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v): boolean | number | string[] => {
      if (v === undefined || ['false', '0', 'no', 'off'].includes(v)) return false;
      if (['true', 'yes', 'on'].includes(v)) return true;
      if (/^\d+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
);

export const postgresUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'Use a postgres:// or postgresql:// URL.')
    .optional(),
);

/** An S3 endpoint such as `http://127.0.0.1:9000` or `https://s3.example.com`. */
export const httpUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'Use an http:// or https:// URL.')
    .optional(),
);

/** S3's rule for new bucket names, which S3-compatible stores follow too. */
export const bucketName = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'Use a bucket name: 3–63 lowercase letters, digits, dots or hyphens.',
    )
    .optional(),
);

/** An http(s) origin such as `https://desk.example.com`; a trailing slash is dropped. */
export const appUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/,
      'Use an http:// or https:// URL without query or fragment.',
    )
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
);

/** An IANA time zone the runtime knows, like `Asia/Kolkata`. */
export const timeZone = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .default('Asia/Kolkata')
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'Use an IANA time zone such as Asia/Kolkata or UTC.'),
);

export const appKey = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const key = decodeKey(v);
      if (!key) {
        ctx.addIssue({ code: 'custom', message: 'Use 32 bytes as 64 hex characters or base64.' });
        return z.NEVER;
      }
      return key;
    }),
);

function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim().replace(/^base64:/, '');
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const b64 = Buffer.from(trimmed, 'base64');
  return b64.length === 32 ? b64 : null;
}
