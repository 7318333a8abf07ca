import type { AdminReviewsPageSchema } from '@iddesk/contract';
import { CONTENT_API } from '@iddesk/contract';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/page-query';
import { reviewsQueryKey } from '../../api/get-reviews';

/** `GET /admin/reviews`: every review, hidden ones too, newest first. */
export const adminReviewsQueryOptions = (page: number) =>
  pageQueryOptions<z.output<typeof AdminReviewsPageSchema>>(
    CONTENT_API.adminReviews,
    [...reviewsQueryKey, 'admin', page],
    { page },
  );

export function useAdminReviews(page: number) {
  return useQuery(adminReviewsQueryOptions(page));
}
