import { type IdRequest, IDS_API, type IdWithdrawBody } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type Idempotent } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';

/** `POST /user_ids/{id}/withdraw`: money out of the ID, credited once the desk confirms it. */
export const withdrawFromId = ({
  id,
  idempotencyKey,
  ...body
}: IdWithdrawBody & Idempotent & { id: number }) =>
  apiRequest<IdRequest>(IDS_API.userIdWithdraw(id), {
    method: 'POST',
    body,
    idempotent: idempotencyKey ?? true,
  });

export function useWithdrawFromId() {
  const invalidate = useInvalidateAfterIdAction();
  return useMutation({ mutationFn: withdrawFromId, onSuccess: invalidate });
}
