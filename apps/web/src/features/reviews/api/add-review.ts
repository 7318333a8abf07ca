import { type AddReviewBody, CONTENT_API, type Review } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** `POST /add_review`: published at once under the user's name. */
export const addReview = (body: AddReviewBody) =>
  apiRequest<Review>(CONTENT_API.addReview, { method: 'POST', body });

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
