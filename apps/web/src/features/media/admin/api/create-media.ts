import { CONTENT_API, MEDIA_IMAGE_FIELD, type MediaItem } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { mediaQueryKey } from '../../api/get-media';

export type CreateMediaInput = { title: string; order?: number } & (
  { image: File; video_url?: undefined } | { image?: undefined; video_url: string }
);

/** `POST /admin/media/create` (multipart): an image file or a video link. */
export const createMedia = (input: CreateMediaInput) => {
  const form = new FormData();
  form.set('title', input.title);
  if (input.order !== undefined) form.set('order', String(input.order));
  if (input.image) form.set(MEDIA_IMAGE_FIELD, input.image, input.image.name);
  if (input.video_url) form.set('video_url', input.video_url);
  return apiRequest<MediaItem>(CONTENT_API.adminMediaCreate, {
    method: 'POST',
    body: form,
  });
};

export function useCreateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
