// Amounts without zod (issue 17): reading a typed amount, saying what is wrong with it, and
// writing one in rupees. The web's first load imports these; the schemas are in money.ts, the
// messages in amount-messages.ts.
import type { MessageKey } from './i18n/keys';

/** Money in integer minor units (paise). Never a float. */
export type Minor = bigint & { readonly __brand: 'Minor' };

export const CURRENCY_SYMBOL = '₹';

/**
 * The largest amount any call takes, ₹10,00,00,000.00 (ten crore) in paise, whatever the
 * owners' limits say: a typo of a few zeros is refused before it reaches anyone.
 */
export const AMOUNT_CEILING = 10_00_00_000_00n as Minor;

/** What is wrong with a typed amount, each with its own message. */
export type AmountProblem = 'missing' | 'not_a_number' | 'negative' | 'decimals' | 'too_large';

/**
 * Indian digit grouping of a run of digits: the last three, then pairs ("1234567" →
 * "12,34,567"). By hand rather than Intl.NumberFormat('en-IN'), whose construction loads ICU
 * data on the first page's critical path.
 */
export function groupIndian(digits: string): string {
  const whole = digits.replace(/^0+(?=\d)/, '');
  if (whole.length <= 3) return whole;
  const head = whole.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
}

/** Minor units in rupees with Indian grouping, for messages: 2_00_000_00n → "₹2,00,000.00". */
export function formatRupees(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '−' : ''}${CURRENCY_SYMBOL}${groupIndian((abs / 100n).toString())}.${frac}`;
}

/**
 * Each problem's message in the catalogue (`validation.amount.*`; issue 18). Keys only: the web's
 * first load imports this file, and the messages load with the forms (amount-messages.ts).
 */
export const AMOUNT_MESSAGE_KEYS = {
  missing: 'validation.amount.missing',
  not_a_number: 'validation.amount.notANumber',
  negative: 'validation.amount.negative',
  zero: 'validation.amount.zero',
  decimals: 'validation.amount.decimals',
  too_large: 'validation.amount.tooLarge',
} as const satisfies Record<AmountProblem | 'zero', MessageKey>;

export type AmountReading = { ok: true; minor: Minor } | { ok: false; problem: AmountProblem };

const GRAMMAR = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * Read "1500", "1500.5", "1500.50" or a number into minor units, or say what is wrong. Zero
 * reads as 0: whether it is allowed is the caller's rule. No floating point on the way.
 */
export function readAmount(input: string | number): AmountReading {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, problem: 'not_a_number' };
    if (input < 0) return { ok: false, problem: 'negative' };
    // Beyond 15 digits a number is no longer exact, and String() turns to "1e+21".
    if (input >= 1e15) return { ok: false, problem: 'too_large' };
  }
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text === '') return { ok: false, problem: 'missing' };
  if (/^[-−]/.test(text)) {
    return GRAMMAR.test(text.slice(1).trim()) ? { ok: false, problem: 'negative' } : { ok: false, problem: 'not_a_number' };
  }
  const m = GRAMMAR.exec(text);
  if (!m) return { ok: false, problem: 'not_a_number' };
  const whole = m[1] ?? '0';
  const fraction = m[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  if (whole.length > 15) return { ok: false, problem: 'too_large' };
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  if (minor > AMOUNT_CEILING) return { ok: false, problem: 'too_large' };
  return { ok: true, minor: minor as Minor };
}

/** What is wrong with a typed amount that must be greater than zero; null when it is fine. */
export function amountProblem(input: string | number): AmountProblem | 'zero' | null {
  const reading = readAmount(input);
  if (!reading.ok) return reading.problem;
  return reading.minor <= 0n ? 'zero' : null;
}

/** Parse an amount (0 included) into minor units; null when it is not a valid amount. */
export function parseAmount(input: string | number): Minor | null {
  const reading = readAmount(input);
  return reading.ok ? reading.minor : null;
}

/** Minor units → the wire format: a decimal string with two places ("1500.00"). */
export function formatAmount(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}
