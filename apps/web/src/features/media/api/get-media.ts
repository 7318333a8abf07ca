import type { MediaListSchema } from '@iddesk/contract';
import { CONTENT_API } from '@iddesk/contract';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions } from '../../../lib/page-query';

export const mediaQueryKey = ['media'] as const;

/** `GET /media`: the whole gallery in display order. */
export const mediaQueryOptions = () =>
  itemQueryOptions<z.output<typeof MediaListSchema>>(CONTENT_API.media, mediaQueryKey);

export function useMedia() {
  return useQuery(mediaQueryOptions());
}
