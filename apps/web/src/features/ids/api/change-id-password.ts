import { type ChangePasswordRequestBody, type IdRequest, IDS_API } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAfterIdAction } from './invalidate';

/** `POST /user_ids/{id}/change_password` with an optional wished password. */
export const changeIdPassword = ({ id, body }: { id: number; body: ChangePasswordRequestBody }) =>
  apiRequest<IdRequest>(IDS_API.userIdChangePassword(id), { method: 'POST', body });

export function useChangeIdPassword() {
  const invalidate = useInvalidateAfterIdAction();
  return useMutation({ mutationFn: changeIdPassword, onSuccess: invalidate });
}
