import { type AddReviewBody, CONTENT_API, type Review } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchingMutation } from '../../../lib/refetching-mutation';
import { reviewsQueryKey } from './get-reviews';

/** `POST /add_review`: published at once under the user's name. */
export const addReview = (body: AddReviewBody) =>
  apiRequest<Review>(CONTENT_API.addReview, { method: 'POST', body });

export const useAddReview = () => useRefetchingMutation(addReview, reviewsQueryKey);
