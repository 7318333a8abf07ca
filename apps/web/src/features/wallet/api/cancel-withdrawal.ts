import { WALLET_API, type Withdrawal } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `POST /withdraw/{id}/cancel`: the held amount returns to the balance at once. */
export const cancelWithdrawal = (id: number) =>
  apiRequest<Withdrawal>(WALLET_API.withdrawalCancel(id), { method: 'POST', idempotent: true });

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    // Refreshed either way: a refusal (409) means the desk handled it meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions }),
      ]),
  });
}
