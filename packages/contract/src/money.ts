import { z } from 'zod';
import { AMOUNT_MESSAGES, readAmount } from './amounts';

/**
 * Input amount: a number or a decimal string, > 0, at most two decimals, at most the ceiling.
 * Parses to minor units; each refusal says what is wrong (issue 17).
 */
export const AmountInputSchema = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? AMOUNT_MESSAGES.missing : AMOUNT_MESSAGES.not_a_number),
  })
  .transform((value, ctx) => {
    const reading = readAmount(value);
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES[reading.problem] });
      return z.NEVER;
    }
    if (reading.minor <= 0n) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.zero });
      return z.NEVER;
    }
    return reading.minor;
  });

/** Output amount on the wire: "1500.00". */
export const AmountSchema = z.string().regex(/^-?\d+\.\d{2}$/);
