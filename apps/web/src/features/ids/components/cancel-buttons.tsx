import type { IdRequest, UserId } from '@iddesk/contract';
import { ConfirmActionButton } from '../../../components/ui/confirm-action-button';
import { formatMoney } from '../../../lib/money';
import { useCancelRequest } from '../api/cancel-request';
import { useCancelUserId } from '../api/cancel-user-id';
import { paymentText } from './payment-summary';
import { REQUEST_TYPE_LABELS } from './request-labels';

/** What a cancel gives back: a wallet hold returns at once, anything else just stops. */
const walletReturn = (payFrom: string | null, amount: string | null) =>
  payFrom === 'wallet' && amount ? ` The ${formatMoney(amount)} held from your wallet returns at once.` : '';

/** Cancel on a waiting request of an ID (issue 17, money rule 10), after a confirmation. */
export function CancelRequestButton({ request }: { request: IdRequest }) {
  const cancel = useCancelRequest();
  if (request.status !== 'pending' || request.type === 'create') return null;
  const what = REQUEST_TYPE_LABELS[request.type].toLowerCase();
  return (
    <ConfirmActionButton
      label="Cancel"
      detail={`${what} request #${request.id}`}
      title={`Cancel this ${what} request?`}
      description={`The desk will not handle it.${walletReturn(request.pay_from, request.amount)}`}
      items={[
        { label: 'ID', value: `${request.id_object.item.name} @${request.id_object.username}` },
        ...(request.amount ? [{ label: 'Amount', value: formatMoney(request.amount) }] : []),
      ]}
      confirmLabel="Cancel request"
      keepLabel="Keep it"
      tone="danger"
      action={() => cancel.mutateAsync(request.id)}
    />
  );
}

/** Cancel on a new ID still waiting for the desk, with what was paid. */
export function CancelUserIdButton({ userId, className }: { userId: UserId; className?: string }) {
  const cancel = useCancelUserId();
  if (userId.status !== 'pending') return null;
  return (
    <ConfirmActionButton
      label="Cancel request"
      detail={`for the ${userId.item.name} ID`}
      className={className}
      title={`Cancel your ${userId.item.name} ID request?`}
      description={`The desk will not create this ID.${walletReturn(userId.pay_from, userId.amount)}`}
      items={[
        { label: 'Username', value: `@${userId.username}` },
        { label: 'Paid', value: paymentText(userId) },
      ]}
      confirmLabel="Cancel ID request"
      keepLabel="Keep it"
      tone="danger"
      action={() => cancel.mutateAsync(userId.id)}
    />
  );
}
