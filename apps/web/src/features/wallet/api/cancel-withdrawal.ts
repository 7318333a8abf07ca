import { WALLET_API, type Withdrawal } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWallet } from './refresh-wallet';

/** `POST /withdraw/{id}/cancel`: the held amount returns to the balance at once. */
export const cancelWithdrawal = (id: number) =>
  apiRequest<Withdrawal>(WALLET_API.withdrawalCancel(id), { method: 'POST', idempotent: true });

export function useCancelWithdrawal() {
  const refresh = useRefreshWallet();
  // Refreshed either way: a refusal (409) means the desk handled it meanwhile.
  return useMutation({ mutationFn: cancelWithdrawal, onSettled: refresh });
}
