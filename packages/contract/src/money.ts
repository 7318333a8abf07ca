import { z } from 'zod';

/** Money in integer minor units (paise). Never a float. */
export type Minor = bigint & { readonly __brand: 'Minor' };

const AMOUNT_RE = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/** Parse "1500", "1500.5", "1500.50" (or a number with at most two decimals) into minor units. */
export function parseAmount(input: string | number): Minor | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const m = AMOUNT_RE.exec(text);
  if (!m) return null;
  const whole = BigInt(m[1] ?? '0');
  const frac = (m[2] ?? '').slice(1).padEnd(2, '0');
  return (whole * 100n + BigInt(frac || '0')) as Minor;
}

/** Minor units → the wire format: a decimal string with two places ("1500.00"). */
export function formatAmount(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** Input amount: a number or a decimal string, > 0, at most two decimals. Parses to minor units. */
export const AmountInputSchema = z
  .union([z.string(), z.number()], {
    error: (issue) =>
      issue.input === undefined ? 'Enter the amount.' : 'Enter an amount with at most two decimals.',
  })
  .transform((value, ctx) => {
    const minor = parseAmount(value);
    if (minor === null && /^\s*-/.test(String(value))) {
      ctx.addIssue({ code: 'custom', message: 'The amount must be greater than zero.' });
      return z.NEVER;
    }
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount with at most two decimals.' });
      return z.NEVER;
    }
    if (minor <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'The amount must be greater than zero.' });
      return z.NEVER;
    }
    return minor;
  });

/** Output amount on the wire: "1500.00". */
export const AmountSchema = z.string().regex(/^-?\d+\.\d{2}$/);
