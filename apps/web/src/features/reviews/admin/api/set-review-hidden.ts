import { type AdminReview, CONTENT_API } from '@iddesk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { useRefetchingMutation } from '../../../../lib/refetching-mutation';
import { reviewsQueryKey } from '../../api/get-reviews';

/** `POST /admin/reviews/{id}/hide` or `/unhide`. */
export const setReviewHidden = ({ id, hidden }: { id: number; hidden: boolean }) =>
  apiRequest<AdminReview>(
    hidden ? CONTENT_API.adminReviewHide(id) : CONTENT_API.adminReviewUnhide(id),
    { method: 'POST' },
  );

export const useSetReviewHidden = () => useRefetchingMutation(setReviewHidden, reviewsQueryKey);
