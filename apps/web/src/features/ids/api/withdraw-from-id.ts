import { type IdRequest, IDS_API, type IdWithdrawBody } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { type Idempotent, postMoney } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';

/** `POST /user_ids/{id}/withdraw`: money out of the ID, credited once the desk confirms it. */
export const withdrawFromId = ({
  id,
  idempotencyKey,
  ...body
}: IdWithdrawBody & Idempotent & { id: number }) =>
  postMoney<IdRequest>(IDS_API.userIdWithdraw(id), body, idempotencyKey);

export function useWithdrawFromId() {
  const invalidate = useInvalidateAfterIdAction();
  return useMutation({ mutationFn: withdrawFromId, onSuccess: invalidate });
}
