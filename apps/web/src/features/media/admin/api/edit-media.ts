import { CONTENT_API, type MediaEditBody, type MediaItem } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { mediaQueryKey } from '../../api/get-media';

/** `POST /admin/media/{id}/edit`: title and order. */
export const editMedia = ({ id, ...body }: MediaEditBody & { id: number }) =>
  apiRequest<MediaItem>(CONTENT_API.adminMediaEdit(id), { method: 'POST', body });

export function useEditMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
