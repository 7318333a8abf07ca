// What a payment screenshot says (issue 54 item 5): the amount and the payment reference, found
// in the words OCR read from it (lib/ocr.ts). Pure functions, so each rule has its unit test
// (screenshot-text.test.ts); measured on the generated receipt set (`npm run ocr:measure`).

/** One glyph as OCR read it: its text and the width of its box in pixels. */
export type OcrSymbol = { text: string; width: number };
/** One word: its text, the height of its box and its glyphs. */
export type OcrWord = { text: string; height: number; symbols: OcrSymbol[] };
/** The words of one line, left to right. */
export type OcrLine = { words: OcrWord[] };

/** The amount (minor units) and the reference the screenshot shows; null when none was found. */
export type ScreenshotReading = { amount: bigint | null; reference: string | null };

/** A UPI payment reference (UTR, RRN): 12 digits. */
const REFERENCE = /^\d{12}$/;
/** Labels a payment app prints beside the reference. */
const REFERENCE_LABEL = /\b(utr|rrn|ref(erence)?|upi transaction id)\b/i;
/** Labels beside an amount (a bank's receipt may print the number without the rupee sign). */
const AMOUNT_LABEL = /^(amount|paid|total)\b/i;
/** Rupees as apps print them: 1–3 digits, or Indian (12,34,567) or Western (1,234,567) groups; paise optional. */
const RUPEES = /^(\d{1,3}|\d{1,2}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})+)(\.\d{2})?$/;
/** Letters OCR reads in place of a digit inside a number. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', I: '1', l: '1', '|': '1', S: '5', B: '8' };
/**
 * The eng model has no ₹: OCR reads it as one or two of these (or as a digit, or as a digit
 * joined to the first one: see `amountOf`). A bullet or plus (`••1234` of an account) is not among them.
 */
const SIGN_LOOKALIKES = new Set(['₹', 'X', 'x', 'Z', 'z', '%', '$', '£', '€', '¥', '¢', '?', 'F', 'T', 'R', '=', '&']);
/** A first glyph this many times as wide as the other digits is the sign joined to a digit. */
const JOINED_SIGN_WIDTH = 1.6;

const trimPunctuation = (text: string) => text.replace(/^[([{"'“‘]+|[)\]}"'”’:;,.]+$/g, '');

function digitsOf(text: string): string | null {
  const word = trimPunctuation(text);
  const digits = [...word].filter((c) => /\d/.test(c)).length;
  // Mostly digits: a letter among them is a misread digit.
  if (word.length === 0 || digits < word.length - 1) return null;
  const mapped = [...word].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
  return /^\d+$/.test(mapped) ? mapped : null;
}

/** The payment reference: a 12-digit number, a labelled one first (on its line or the line above). */
export function referenceOf(lines: OcrLine[]): string | null {
  let unlabelled: string | null = null;
  for (const [i, line] of lines.entries()) {
    const labelled = [line, lines[i - 1]].some((l) => l && REFERENCE_LABEL.test(l.words.map((w) => w.text).join(' ')));
    for (const word of line.words) {
      const digits = digitsOf(word.text);
      if (digits === null || !REFERENCE.test(digits)) continue;
      if (labelled) return digits;
      unlabelled ??= digits;
    }
  }
  return unlabelled;
}

const toMinor = (rupees: string): bigint => {
  const [whole, paise = '00'] = rupees.replace(/,/g, '').split('.');
  return BigInt(whole!) * 100n + BigInt(paise.padEnd(2, '0'));
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * A word as an amount with its rupee sign, or null. The sign is a word of its own (`₹`, `Rs.`,
 * `INR`) before it, a non-digit glyph in front (`X5,000`, `£300`), a digit in front that makes
 * no amount with it (`3200`, `36,211` read from ₹200 and ₹6,211: the sign read as a 3), or a
 * first glyph twice as wide as a digit (the sign and the first digit read as one digit).
 */
function amountOf(word: OcrWord, signBefore: boolean): { rupees: string; signed: boolean } | null {
  const text = trimPunctuation(word.text.replace(/^(rs\.?|inr)/i, ''));
  const match = /^(?<sign>[^\d]{0,2})(?<number>\d[\d,.]*)$/.exec(text);
  if (!match) return null;
  const { sign, number } = match.groups as { sign: string; number: string };
  if (![...sign].every((c) => SIGN_LOOKALIKES.has(c))) return null;
  if (sign !== '' || signBefore || /^(rs|inr)/i.test(word.text)) return RUPEES.test(number) ? { rupees: number, signed: true } : null;
  const symbols = word.symbols.filter((s) => /^\d$/.test(s.text));
  const first = word.symbols[0];
  const joined = first !== undefined && symbols.length > 1 && first.width >= JOINED_SIGN_WIDTH * median(symbols.slice(1).map((s) => s.width));
  if (joined) return RUPEES.test(number) ? { rupees: number, signed: true } : null;
  // (Not a one- or two-digit number: a day of the month is no ₹4.)
  const rest = number.slice(1);
  if (number.length >= 3 && /^[1-9]/.test(rest) && RUPEES.test(rest)) return { rupees: rest, signed: true };
  return RUPEES.test(number) ? { rupees: number, signed: false } : null;
}

/**
 * The amount paid: among the numbers shown with a rupee sign (or beside an "Amount" label), the
 * one in the tallest type (an app shows the payment's amount as its headline), a labelled one
 * first. Times, dates and percentages are not amounts.
 */
export function paidAmountOf(lines: OcrLine[]): bigint | null {
  let best: { value: bigint; labelled: boolean; height: number } | null = null;
  for (const [i, line] of lines.entries()) {
    const labelled = [line, lines[i - 1]].some((l) => l?.words[0] && AMOUNT_LABEL.test(l.words[0].text));
    for (const [j, word] of line.words.entries()) {
      // A time, a date, a battery's percentage, a reference or an app's transaction id.
      if (/[:/]|%$/.test(word.text) || word.text.replace(/\D/g, '').length >= 9) continue;
      const before = line.words[j - 1]?.text ?? '';
      const found = amountOf(word, /^(₹|rs\.?|inr)$/i.test(before));
      if (!found || (!found.signed && !labelled)) continue;
      const candidate = { value: toMinor(found.rupees), labelled, height: word.height };
      if (candidate.value <= 0n) continue;
      if (
        !best ||
        (candidate.labelled && !best.labelled) ||
        (candidate.labelled === best.labelled && candidate.height > best.height)
      ) {
        best = candidate;
      }
    }
  }
  return best?.value ?? null;
}

/** The amount and the reference a screenshot's OCR lines show. */
export function readPayment(lines: OcrLine[]): ScreenshotReading {
  return { amount: paidAmountOf(lines), reference: referenceOf(lines) };
}
