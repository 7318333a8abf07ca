import { type IdRequest, IDS_API } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';

/** `POST /requests/{id}/cancel`: a waiting deposit, withdrawal, close or password change. */
export const cancelRequest = (id: number) =>
  apiRequest<IdRequest>(IDS_API.requestCancel(id), { method: 'POST', idempotent: true });

export function useCancelRequest() {
  const invalidate = useInvalidateAfterIdAction();
  // Refreshed either way: a refusal (409) means the desk handled it meanwhile.
  return useMutation({ mutationFn: cancelRequest, onSettled: invalidate });
}
