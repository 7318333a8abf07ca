import { useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** After a customer's money call: the balance and the transactions refetch. */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions }),
    ]);
}
