import { AdminReviewsPageSchema, CONTENT_API, PAGE_SIZE } from '@iddesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** `GET /admin/reviews`: every review, hidden ones too, newest first. */
export const getAdminReviews = (page: number, signal?: AbortSignal) =>
  apiRequest(CONTENT_API.adminReviews, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE },
    schema: AdminReviewsPageSchema,
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
