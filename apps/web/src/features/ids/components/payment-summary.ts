import type { PaymentType } from '@iddesk/contract';
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
