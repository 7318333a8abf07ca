import { formatAmount, parseAmount } from '@iddesk/contract';
import { z } from 'zod';

/**
 * Amount inputs. The value stays the text the user typed; it is checked and converted to minor
 * units with the contract's parser (bigint), never through a float.
 */
export function amountInputError(text: string): string | null {
  const value = text.trim().replace(/,/g, '');
  if (!value) return 'Enter the amount.';
  const minor = parseAmount(value);
  if (minor === null) return 'Enter an amount with at most two decimals, like 1500 or 1500.50.';
  if (minor <= 0n) return 'The amount must be greater than zero.';
  return null;
}

/** The typed amount in the wire format ("1,500.5" → "1500.50"), or null when it is not valid. */
export function normaliseAmount(text: string): string | null {
  const minor = parseAmount(text.trim().replace(/,/g, ''));
  return minor === null ? null : formatAmount(minor);
}

/** True when the typed amount is more than the balance (a wire amount); false if either is invalid. */
export function exceedsBalance(text: string, balance: string | null | undefined): boolean {
  if (!balance) return false;
  const amount = parseAmount(text.trim().replace(/,/g, ''));
  const available = parseAmount(balance.trim());
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
