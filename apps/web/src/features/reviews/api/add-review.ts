import { type AddReviewBody, CONTENT_API, ReviewSchema } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** `POST /add_review`: published at once under the user's name. */
export const addReview = (body: AddReviewBody) =>
  apiRequest(CONTENT_API.addReview, { method: 'POST', body, schema: ReviewSchema });

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
