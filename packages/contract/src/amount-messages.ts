// The amount messages (issue 17) in the reader's language (issue 18): what is wrong with a typed
// amount. Apart from amounts.ts, so that the web's first load, which reads amounts, does not
// carry the messages.
import { AMOUNT_CEILING, AMOUNT_MESSAGE_KEYS, type AmountProblem, amountProblem, formatRupees } from './amounts';
import { translate } from './i18n/translate';

/** The message of one amount problem; "too large" names the ceiling. */
export function amountProblemMessage(problem: AmountProblem | 'zero'): string {
  return problem === 'too_large'
    ? translate(AMOUNT_MESSAGE_KEYS.too_large, { max: formatRupees(AMOUNT_CEILING) })
    : translate(AMOUNT_MESSAGE_KEYS[problem]);
}

/** The message for a typed amount that must be greater than zero; null when it is fine. */
export function amountMessage(input: string | number): string | null {
  const problem = amountProblem(input);
  return problem === null ? null : amountProblemMessage(problem);
}
