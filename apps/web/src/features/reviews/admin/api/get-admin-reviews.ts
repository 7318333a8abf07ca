import type { AdminReviewsPageSchema } from '@iddesk/contract';
import { CONTENT_API, PAGE_SIZE } from '@iddesk/contract';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { reviewsQueryKey } from '../../api/get-reviews';

/** `GET /admin/reviews`: every review, hidden ones too, newest first. */
export const getAdminReviews = (page: number, signal?: AbortSignal) =>
  apiRequest<z.output<typeof AdminReviewsPageSchema>>(CONTENT_API.adminReviews, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE },
    signal,
  });

export const adminReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, 'admin', page],
    queryFn: async ({ signal }) => (await getAdminReviews(page, signal)).data,
    placeholderData: keepPreviousData,
  });

export function useAdminReviews(page: number) {
  return useQuery(adminReviewsQueryOptions(page));
}
