import { ROUTES, type UserId } from '@iddesk/contract';
import { useMemo } from 'react';
import { useDepositToId } from '../api/deposit';
import { amountRangeHint, depositFormSchema, type PaymentLimits } from './id-form-schemas';
import { PaymentForm } from './payment-fields';

type DepositFormProps = { userId: UserId; limits: PaymentLimits };

export function DepositForm({ userId, limits }: DepositFormProps) {
  const mutation = useDepositToId();
  const schema = useMemo(() => depositFormSchema(limits), [limits]);
  return (
    <PaymentForm
      schema={schema}
      limits={limits}
      amountHint={`${amountRangeHint(limits) ?? 'Any amount'}. This goes into the ID.`}
      submitLabel="Deposit"
      submit={(values, idempotencyKey) =>
        mutation.mutateAsync({ ...values, userIdId: userId.id, idempotencyKey })
      }
      successMessage="Deposit requested. The desk adds it to your ID shortly."
      done={ROUTES.myId(userId.id)}
      confirm={{
        title: `Deposit to your ${userId.item.name} ID?`,
        wallet:
          'The amount is held from your wallet now and moved into the ID when the desk approves. If it is rejected, it comes back.',
        payment: 'The desk checks your payment, then adds the amount to the ID.',
        label: 'Confirm deposit',
        items: [{ label: 'ID', value: `${userId.item.name} @${userId.username}` }],
      }}
    />
  );
}
