import type { MediaListSchema } from '@iddesk/contract';
import { CONTENT_API } from '@iddesk/contract';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const mediaQueryKey = ['media'] as const;

/** `GET /media`: the whole gallery in display order. */
export const getMedia = (signal?: AbortSignal) =>
  apiRequest<z.output<typeof MediaListSchema>>(CONTENT_API.media, { method: 'GET', signal });

export const mediaQueryOptions = () =>
  queryOptions({
    queryKey: mediaQueryKey,
    queryFn: async ({ signal }) => (await getMedia(signal)).data,
  });

export function useMedia() {
  return useQuery(mediaQueryOptions());
}
