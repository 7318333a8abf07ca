/**
 * Issue 54: the payment reference a bank writes into a statement line's narration. Indian banks
 * name the channel and then its reference among slashes, dashes or spaces:
 *
 *   UPI/496656515397/Payment/rahul@okicici/ICICI Bank          (ICICI)
 *   BY TRANSFER-UPI/CR/496656515397/RAHUL KUMAR/SBIN/rahul@oksbi/UPI   (SBI)
 *   UPI-RAHUL KUMAR-rahul@okhdfcbank-HDFC0001234-496656515397-PAYMENT  (HDFC)
 *   UPI/P2A/496656515397/RAHUL KUMAR/HDFC BANK                  (Axis)
 *   MMT/IMPS/496656515397/RAHUL KUMAR/HDFC0001234              (IMPS)
 *   NEFT-HDFCN52026110112345-RAHUL KUMAR-HDFC0001234           (NEFT, RTGS)
 *
 * A UPI or IMPS reference (the RRN the customer's app shows as "UTR") is the first token of
 * exactly twelve digits after the channel; a NEFT or RTGS one (the UTR) the first token of
 * 12 to 22 letters and digits, with at least eight digits, after it. A UPI id (`…@okaxis`) is
 * one token, so a phone number inside it is never taken. Only the channel's own reference is
 * taken: a narration naming no channel has none (the line's reference column may still give
 * one). What is returned is written as in the narration; the database puts it in canonical
 * form (`canonical_reference`, decision 031), as it does a bill's.
 */

const CHANNELS = new Map<string, 'upi' | 'neft'>([
  ['UPI', 'upi'],
  ['IMPS', 'upi'],
  ['MMT', 'upi'],
  ['NEFT', 'neft'],
  ['RTGS', 'neft'],
]);

const UPI_REFERENCE = /^\d{12}$/;
const BANK_REFERENCE = /^[A-Z0-9]{12,22}$/;
const digitsIn = (token: string) => token.replace(/\D/g, '').length;

/** The narration's tokens: runs of letters, digits, `@`, `.` and `_` (a UPI id stays whole), without edge dots. */
function tokensOf(narration: string): string[] {
  return narration
    .toUpperCase()
    .split(/[^A-Z0-9@._]+/)
    .map((token) => token.replace(/^[._]+|[._]+$/g, ''))
    .filter((token) => token.length > 0);
}

export function extractReference(narration: string): string | null {
  const tokens = tokensOf(narration);
  const at = tokens.findIndex((token) => CHANNELS.has(token));
  if (at < 0) return null;
  const channel = CHANNELS.get(tokens[at]!)!;
  for (const token of tokens.slice(at + 1)) {
    if (channel === 'upi' && UPI_REFERENCE.test(token)) return token;
    if (channel === 'neft' && BANK_REFERENCE.test(token) && digitsIn(token) >= 8) return token;
  }
  return null;
}

/**
 * A line's reference: the narration's, else its reference column's when that holds one (a
 * cheque column's `0`, `-` or a short number is no payment reference).
 */
export function lineReference(narration: string, column: string | null): string | null {
  const fromNarration = extractReference(narration);
  if (fromNarration) return fromNarration;
  const written = column?.trim() ?? '';
  return /[1-9]/.test(written) && written.replace(/[^0-9A-Za-z]/g, '').replace(/^0+/, '').length >= 6 ? written : null;
}
