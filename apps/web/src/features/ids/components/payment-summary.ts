import type { PaymentType, UserId } from '@iddesk/contract';
import type { SummaryItem } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../lib/money';
import type { PaymentInput } from '../api/payment-form';

/** The payment lines a confirmation repeats back. */
export function paymentSummary(input: PaymentInput, types: PaymentType[] = []): SummaryItem[] {
  const items: SummaryItem[] = [{ label: 'Amount', value: formatMoney(input.amount) }];
  if (input.pay_from === 'wallet') {
    items.push({ label: 'Paid from', value: 'Wallet balance' });
    return items;
  }
  const type = types.find((t) => t.id === input.payment_type_id);
  items.push(
    { label: 'Paid to', value: type?.name ?? 'Payment' },
    { label: 'Reference', value: input.reference },
    { label: 'Screenshot', value: input.proof.name },
  );
  return items;
}

/** What was paid for a new ID, and how: "₹500.00 from your wallet", "₹500.00 by GPay, UTR 4521". */
export function paymentText(userId: Pick<UserId, 'amount' | 'pay_from' | 'payment_type' | 'reference'>): string {
  const amount = formatMoney(userId.amount);
  if (userId.pay_from === 'wallet') return `${amount} from your wallet`;
  const by = userId.payment_type?.name ?? 'payment';
  return `${amount} by ${by}${userId.reference ? `, UTR ${userId.reference}` : ''}`;
}
