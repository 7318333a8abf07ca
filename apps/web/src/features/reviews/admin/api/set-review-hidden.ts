import { type AdminReview, CONTENT_API } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { reviewsQueryKey } from '../../api/get-reviews';

/** `POST /admin/reviews/{id}/hide` or `/unhide`. */
export const setReviewHidden = ({ id, hidden }: { id: number; hidden: boolean }) =>
  apiRequest<AdminReview>(
    hidden ? CONTENT_API.adminReviewHide(id) : CONTENT_API.adminReviewUnhide(id),
    {
      method: 'POST',
    },
  );

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewHidden,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
