import type { Transaction } from '@iddesk/contract';
import { ConfirmActionButton } from '../../../components/ui/confirm-action-button';
import type { ApiResponse } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useCancelBill } from '../api/cancel-bill';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { walletText } from '../i18n';

/**
 * Cancel on a pending top-up or withdrawal of the wallet (issue 17, money rule 10), after a
 * confirmation; anything else pending (an ID's payment) is cancelled on its ID's page.
 */
export function CancelTransactionButton({ tx }: { tx: Transaction }) {
  const t = walletText.useT();
  const cancelBill = useCancelBill();
  const cancelWithdrawal = useCancelWithdrawal();
  const id = tx.cause_id;
  if (tx.status !== 'pending' || id === null) return null;
  if (tx.cause_type !== 'bill' && tx.cause_type !== 'withdrawal') return null;
  const words = tx.cause_type;
  const amount = formatMoney(tx.amount.replace(/^-/, ''));
  return (
    <ConfirmActionButton
      label={t('cancel.label')}
      detail={t(`cancel.${words}.detail`, { amount })}
      title={t(`cancel.${words}.title`)}
      description={t(`cancel.${words}.description`)}
      items={[
        { label: t('amount'), value: amount },
        { label: t('cancel.what'), value: tx.description },
      ]}
      confirmLabel={t(`cancel.${words}.confirm`)}
      keepLabel={t('cancel.keep')}
      tone="danger"
      action={(): Promise<ApiResponse<unknown>> =>
        tx.cause_type === 'bill' ? cancelBill.mutateAsync(id) : cancelWithdrawal.mutateAsync(id)
      }
    />
  );
}
