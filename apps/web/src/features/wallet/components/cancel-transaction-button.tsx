import type { Transaction } from '@iddesk/contract';
import { ConfirmActionButton } from '../../../components/ui/confirm-action-button';
import type { ApiResponse } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useCancelBill } from '../api/cancel-bill';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';

const WORDS = {
  bill: {
    what: 'top-up',
    description:
      'The desk will not check this payment. If you did pay, send the top-up again with its reference.',
  },
  withdrawal: { what: 'withdrawal', description: 'The held amount returns to your balance at once.' },
} as const;

/**
 * Cancel on a pending top-up or withdrawal of the wallet (issue 17, money rule 10), after a
 * confirmation; anything else pending (an ID's payment) is cancelled on its ID's page.
 */
export function CancelTransactionButton({ tx }: { tx: Transaction }) {
  const cancelBill = useCancelBill();
  const cancelWithdrawal = useCancelWithdrawal();
  const id = tx.cause_id;
  if (tx.status !== 'pending' || id === null) return null;
  if (tx.cause_type !== 'bill' && tx.cause_type !== 'withdrawal') return null;
  const { what, description } = WORDS[tx.cause_type];
  const amount = formatMoney(tx.amount.replace(/^-/, ''));
  return (
    <ConfirmActionButton
      label="Cancel"
      detail={`${what} of ${amount}`}
      title={`Cancel this ${what}?`}
      description={description}
      items={[
        { label: 'Amount', value: amount },
        { label: 'What', value: tx.description },
      ]}
      confirmLabel={`Cancel ${what}`}
      keepLabel="Keep it"
      tone="danger"
      action={(): Promise<ApiResponse<unknown>> =>
        tx.cause_type === 'bill' ? cancelBill.mutateAsync(id) : cancelWithdrawal.mutateAsync(id)
      }
    />
  );
}
