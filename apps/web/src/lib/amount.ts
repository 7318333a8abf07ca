import {
  amountMessage,
  formatAmount,
  limitProblem,
  type MoneyLimits,
  type MoneyOperation,
  parseAmount,
} from '@iddesk/contract';
import { z } from 'zod';

/**
 * Amount inputs. The value stays the text the user typed; it is checked and converted to minor
 * units with the contract's parser (bigint), never through a float.
 */
export function amountInputError(text: string): string | null {
  // The contract's messages, as the server gives them: what exactly is wrong (issue 17).
  return amountMessage(text.trim().replace(/,/g, ''));
}

/** The typed amount in minor units, or null when it is not a valid amount. */
export const amountMinor = (text: string | undefined) =>
  text === undefined ? null : parseAmount(text.trim().replace(/,/g, ''));

/** The typed amount in the wire format ("1,500.5" → "1500.50"), or null when it is not valid. */
export function normaliseAmount(text: string): string | null {
  const minor = amountMinor(text);
  return minor === null ? null : formatAmount(minor);
}

/** True when the typed amount is more than the balance (a wire amount); false if either is invalid. */
export function exceedsBalance(text: string, balance: string | null | undefined): boolean {
  if (!balance) return false;
  const amount = amountMinor(text);
  const available = amountMinor(balance);
  return amount !== null && available !== null && amount > available;
}

/** A form's amount field: the typed text checked as above, output in the wire format. */
export const AmountFieldSchema = z
  .string()
  .superRefine((text, ctx) => {
    const message = amountInputError(text);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((text) => normaliseAmount(text) ?? '');

/**
 * The amount field of a customer operation: the amount rules, then the owners' limits of the
 * operation once the site settings are known (the server checks them either way: rule 8).
 */
export const limitedAmountField = (limits: MoneyLimits | undefined, operation: MoneyOperation) =>
  z
    .string()
    .superRefine((text, ctx) => {
      const minor = amountMinor(text);
      const message =
        amountInputError(text) ?? (limits && minor !== null ? limitProblem(limits, operation, minor) : null);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((text) => normaliseAmount(text) ?? '');
