import { formatAmount, parseAmount } from '@iddesk/contract';

/** The exact sum of wire amounts ("1500.00"), in minor units: no float ever adds money. */
export function sumAmounts(amounts: readonly string[]): string {
  let total = 0n;
  for (const amount of amounts) total += parseAmount(amount) ?? 0n;
  return formatAmount(total);
}
