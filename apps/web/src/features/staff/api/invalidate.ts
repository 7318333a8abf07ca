import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/**
 * After an admin action: what is on screen refetches; admin lists not on screen are dropped, so
 * going back to a queue shows it fresh rather than with the item just handled still in it. The
 * admin's own balance and ledger (they may act on their own account) and the customers' payment
 * types refresh too.
 */
export function useInvalidateAfterAdminAction() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: QUERY_KEYS.admin, type: 'inactive' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.admin }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.paymentTypes }),
    ]);
  };
}

/** A staff action's mutation: on success, the refresh above. */
export function useAdminMutation<I, T>(mutationFn: (input: I) => Promise<T>) {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn, onSuccess: invalidate });
}
