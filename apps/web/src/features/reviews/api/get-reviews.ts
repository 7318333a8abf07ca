import { CONTENT_API, PAGE_SIZE, type ReviewsPage } from '@iddesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const reviewsQueryKey = ['reviews'] as const;

/** `GET /reviews?page&perPage`: published reviews, newest first, with the average rating. */
export const getReviews = (page: number, signal?: AbortSignal) =>
  apiRequest<ReviewsPage>(CONTENT_API.reviews, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE },
    signal,
  });

export const reviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, 'public', page],
    queryFn: async ({ signal }) => (await getReviews(page, signal)).data,
    placeholderData: keepPreviousData,
  });

export function useReviews(page: number) {
  return useQuery(reviewsQueryOptions(page));
}
