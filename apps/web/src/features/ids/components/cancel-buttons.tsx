import type { IdRequest, UserId } from '@iddesk/contract';
import { ConfirmActionButton } from '../../../components/ui/confirm-action-button';
import { formatMoney } from '../../../lib/money';
import { useCancelRequest } from '../api/cancel-request';
import { useCancelUserId } from '../api/cancel-user-id';
import { paymentText } from './payment-summary';
import { idsText } from '../i18n';

/** What a cancel gives back: a wallet hold returns at once, anything else just stops. */
const walletReturn = (payFrom: string | null, amount: string | null) =>
  payFrom === 'wallet' && amount
    ? idsText.t('cancel.walletReturn', { amount: formatMoney(amount) })
    : '';

/** Cancel on a waiting request of an ID (issue 17, money rule 10), after a confirmation. */
export function CancelRequestButton({ request }: { request: IdRequest }) {
  const cancel = useCancelRequest();
  const t = idsText.useT();
  if (request.status !== 'pending' || request.type === 'create') return null;
  const what = t(`typeWhat.${request.type}`);
  return (
    <ConfirmActionButton
      label={t('cancel.label')}
      detail={t('cancel.requestDetail', { what, id: request.id })}
      title={t('cancel.requestTitle', { what })}
      description={t('cancel.requestDescription', {
        walletReturn: walletReturn(request.pay_from, request.amount),
      })}
      items={[
        {
          label: t('list.id'),
          value: `${request.id_object.item.name} @${request.id_object.username}`,
        },
        ...(request.amount ? [{ label: t('amount'), value: formatMoney(request.amount) }] : []),
      ]}
      confirmLabel={t('cancel.requestConfirm')}
      keepLabel={t('cancel.keep')}
      tone="danger"
      action={() => cancel.mutateAsync(request.id)}
    />
  );
}

/** Cancel on a new ID still waiting for the desk, with what was paid. */
export function CancelUserIdButton({ userId, className }: { userId: UserId; className?: string }) {
  const cancel = useCancelUserId();
  const t = idsText.useT();
  if (userId.status !== 'pending') return null;
  return (
    <ConfirmActionButton
      label={t('cancel.idLabel')}
      detail={t('cancel.idDetail', { name: userId.item.name })}
      className={className}
      title={t('cancel.idTitle', { name: userId.item.name })}
      description={t('cancel.idDescription', {
        walletReturn: walletReturn(userId.pay_from, userId.amount),
      })}
      items={[
        { label: t('username'), value: `@${userId.username}` },
        { label: t('cancel.paid'), value: paymentText(userId) },
      ]}
      confirmLabel={t('cancel.idConfirm')}
      keepLabel={t('cancel.keep')}
      tone="danger"
      action={() => cancel.mutateAsync(userId.id)}
    />
  );
}
