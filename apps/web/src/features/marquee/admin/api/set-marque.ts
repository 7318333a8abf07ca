import { API, type Marque, type MarqueBody } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { marqueQueryKey } from '../../api/get-marque';

/** `POST /admin/marque`: the top-block text ("" hides the banner). */
export const setMarque = (body: MarqueBody) =>
  apiRequest<Marque>(API.adminMarque, { method: 'POST', body });

export function useSetMarque() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMarque,
    onSuccess: (response) => queryClient.setQueryData(marqueQueryKey, response.data),
  });
}
