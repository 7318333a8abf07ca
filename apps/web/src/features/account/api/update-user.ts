import { API, type UpdateUserBody, type User } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passportQueryKey } from './get-passport';

export const updateUser = (body: UpdateUserBody) =>
  apiRequest<User>(API.updateUser, { method: 'POST', body });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (response) => {
      queryClient.setQueryData(passportQueryKey, response.data);
      void queryClient.invalidateQueries({ queryKey: passportQueryKey });
    },
  });
}
