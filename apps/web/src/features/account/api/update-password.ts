import { API, type UpdatePasswordBody } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const updatePassword = (body: UpdatePasswordBody) =>
  apiRequest<unknown>(API.updatePassword, { method: 'POST', body });

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
