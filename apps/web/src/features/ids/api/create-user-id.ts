import { IDS_API, type UserId } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type Idempotent } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';
import { paymentForm, type PaymentInput } from './payment-form';

export type CreateUserIdInput = PaymentInput & { itemId: number; username: string };

/** `POST /ids/{id}/create` (multipart): a new ID, pending until the desk approves it. */
export const createUserId = ({
  itemId,
  username,
  idempotencyKey,
  ...payment
}: CreateUserIdInput & Idempotent) => {
  const form = paymentForm(payment);
  form.set('username', username);
  return apiRequest<UserId>(IDS_API.idCreate(itemId), {
    method: 'POST',
    body: form,
    idempotent: idempotencyKey ?? true,
  });
};

export function useCreateUserId() {
  const invalidate = useInvalidateAfterIdAction();
  return useMutation({ mutationFn: createUserId, onSuccess: invalidate });
}
