import { useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/**
 * After any request on an ID: the balance in the side menu (a wallet payment holds money at
 * once), the wallet ledger, and the customer's IDs with their histories.
 */
export function useInvalidateAfterIdAction() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.userIds }),
    ]);
}
