import { z } from 'zod';
import { readAmount } from './amounts';
import { amountProblemMessage } from './amount-messages';

/**
 * Input amount: a number or a decimal string, > 0, at most two decimals, at most the ceiling.
 * Parses to minor units; each refusal says what is wrong (issue 17).
 */
export const AmountInputSchema = z
  .union([z.string(), z.number()], {
    error: (issue) => amountProblemMessage(issue.input === undefined ? 'missing' : 'not_a_number'),
  })
  .transform((value, ctx) => {
    const reading = readAmount(value);
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: amountProblemMessage(reading.problem) });
      return z.NEVER;
    }
    if (reading.minor <= 0n) {
      ctx.addIssue({ code: 'custom', message: amountProblemMessage('zero') });
      return z.NEVER;
    }
    return reading.minor;
  });

/** Output amount on the wire: "1500.00". */
export const AmountSchema = z.string().regex(/^-?\d+\.\d{2}$/);
