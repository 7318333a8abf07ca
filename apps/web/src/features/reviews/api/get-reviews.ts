import { CONTENT_API, type ReviewsPage } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../lib/page-query';

export const reviewsQueryKey = ['reviews'] as const;

/** `GET /reviews?page&perPage`: published reviews, newest first, with the average rating. */
export const reviewsQueryOptions = (page: number) =>
  pageQueryOptions<ReviewsPage>(CONTENT_API.reviews, [...reviewsQueryKey, 'public', page], {
    page,
  });

export function useReviews(page: number) {
  return useQuery(reviewsQueryOptions(page));
}
