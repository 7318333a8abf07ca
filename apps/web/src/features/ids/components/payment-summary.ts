import type { PaymentType, UserId } from '@iddesk/contract';
import type { SummaryItem } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../lib/money';
import type { PaymentInput } from '../api/payment-form';
import { idsText } from '../i18n';

/** The payment lines a confirmation repeats back. */
export function paymentSummary(input: PaymentInput, types: PaymentType[] = []): SummaryItem[] {
  const { t } = idsText;
  const items: SummaryItem[] = [{ label: t('amount'), value: formatMoney(input.amount) }];
  if (input.pay_from === 'wallet') {
    items.push({ label: t('summary.paidFrom'), value: t('summary.walletBalance') });
    return items;
  }
  const type = types.find((item) => item.id === input.payment_type_id);
  items.push(
    { label: t('summary.paidTo'), value: type?.name ?? t('summary.payment') },
    { label: t('summary.reference'), value: input.reference },
    { label: t('summary.screenshot'), value: input.proof.name },
  );
  return items;
}

/** What was paid for a new ID, and how: "₹500.00 from your wallet", "₹500.00 by GPay, UTR 4521". */
export function paymentText(
  userId: Pick<UserId, 'amount' | 'pay_from' | 'payment_type' | 'reference'>,
): string {
  const { t } = idsText;
  const amount = formatMoney(userId.amount);
  if (userId.pay_from === 'wallet') return t('paid.wallet', { amount });
  const by = userId.payment_type?.name ?? t('paid.payment');
  return userId.reference
    ? t('paid.byUtr', { amount, by, reference: userId.reference })
    : t('paid.by', { amount, by });
}
