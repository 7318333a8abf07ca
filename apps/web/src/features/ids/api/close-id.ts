import { type IdRequest, IDS_API } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type Idempotent } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';

/** `POST /user_ids/{id}/close`: a request to close the ID and return its balance. */
export const closeId = ({ id, idempotencyKey }: Idempotent & { id: number }) =>
  apiRequest<IdRequest>(IDS_API.userIdClose(id), {
    method: 'POST',
    idempotent: idempotencyKey ?? true,
  });

export function useCloseId() {
  const invalidate = useInvalidateAfterIdAction();
  return useMutation({ mutationFn: closeId, onSuccess: invalidate });
}
