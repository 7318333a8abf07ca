import { IDS_API, type UserId } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';

/** `POST /user_ids/{id}/cancel`: a new ID still waiting for the desk, with its payment. */
export const cancelUserId = (id: number) =>
  apiRequest<UserId>(IDS_API.userIdCancel(id), { method: 'POST', idempotent: true });

export function useCancelUserId() {
  const invalidate = useInvalidateAfterIdAction();
  // Refreshed either way: a refusal (409) means the desk handled it meanwhile.
  return useMutation({ mutationFn: cancelUserId, onSettled: invalidate });
}
