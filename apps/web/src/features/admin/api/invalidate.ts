import { useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/**
 * After an admin action: every admin list and detail, plus the admin's own balance and ledger
 * (an admin may act on their own account) and the customers' payment type list.
 */
export function useInvalidateAfterAdminAction() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.admin }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.paymentTypes }),
    ]);
}
