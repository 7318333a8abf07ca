import { type Bill, WALLET_API } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `POST /bills/{id}/cancel`: the customer withdraws a top-up the desk has not handled yet. */
export const cancelBill = (id: number) =>
  apiRequest<Bill>(WALLET_API.billCancel(id), { method: 'POST', idempotent: true });

export function useCancelBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBill,
    // Refreshed either way: a refusal (409) means the desk handled it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions }),
  });
}
