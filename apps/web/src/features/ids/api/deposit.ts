import { type IdRequest, IDS_API } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type Idempotent } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';
import { paymentForm, type PaymentInput } from './payment-form';

export type DepositInput = PaymentInput & { userIdId: number };

/** `POST /user_ids/{id}/deposit` (multipart). */
export const depositToId = ({ userIdId, idempotencyKey, ...payment }: DepositInput & Idempotent) =>
  apiRequest<IdRequest>(IDS_API.userIdDeposit(userIdId), {
    method: 'POST',
    body: paymentForm(payment),
    idempotent: idempotencyKey ?? true,
  });

export function useDepositToId() {
  const invalidate = useInvalidateAfterIdAction();
  return useMutation({ mutationFn: depositToId, onSuccess: invalidate });
}
