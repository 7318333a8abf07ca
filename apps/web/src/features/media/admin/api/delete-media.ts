import { CONTENT_API } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { mediaQueryKey } from '../../api/get-media';

/** `POST /admin/media/{id}/delete`: the item and its image. */
export const deleteMedia = (id: number) =>
  apiRequest<null>(CONTENT_API.adminMediaDelete(id), { method: 'POST' });

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
