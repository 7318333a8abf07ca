import type { Transaction } from '@iddesk/contract';
import { ConfirmActionButton } from '../../../components/ui/confirm-action-button';
import { formatMoney } from '../../../lib/money';
import { useCancelBill } from '../api/cancel-bill';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';

const amountOf = (tx: Transaction) => formatMoney(tx.amount.replace(/^-/, ''));

/**
 * Cancel on a pending top-up or withdrawal of the wallet (issue 17, money rule 10), after a
 * confirmation; anything else pending (an ID's payment) is cancelled on its ID's page.
 */
export function CancelTransactionButton({ tx }: { tx: Transaction }) {
  const cancelBill = useCancelBill();
  const cancelWithdrawal = useCancelWithdrawal();
  if (tx.status !== 'pending' || tx.cause_id === null) return null;
  const id = tx.cause_id;
  const items = [
    { label: 'Amount', value: amountOf(tx) },
    { label: 'What', value: tx.description },
  ];
  if (tx.cause_type === 'bill') {
    return (
      <ConfirmActionButton
        label="Cancel"
        detail={`top-up of ${amountOf(tx)}`}
        title="Cancel this top-up?"
        description="The desk will not check this payment. If you did pay, send the top-up again with its reference."
        items={items}
        confirmLabel="Cancel top-up"
        keepLabel="Keep it"
        tone="danger"
        action={() => cancelBill.mutateAsync(id)}
      />
    );
  }
  if (tx.cause_type === 'withdrawal') {
    return (
      <ConfirmActionButton
        label="Cancel"
        detail={`withdrawal of ${amountOf(tx)}`}
        title="Cancel this withdrawal?"
        description="The held amount returns to your balance at once."
        items={items}
        confirmLabel="Cancel withdrawal"
        keepLabel="Keep it"
        tone="danger"
        action={() => cancelWithdrawal.mutateAsync(id)}
      />
    );
  }
  return null;
}
