import { WALLET_API, type Withdrawal, type WithdrawMethod } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Idempotent, postMoney } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { useRefreshWallet } from './refresh-wallet';

export type WithdrawInput =
  | { amount: string; method: Extract<WithdrawMethod, 'upi'>; upi_id: string }
  | {
      amount: string;
      method: Extract<WithdrawMethod, 'bank'>;
      account_holder: string;
      account_number: string;
      ifsc: string;
    };

/** `POST /withdraw`: the amount is held from the balance at once. */
export const withdraw = ({ idempotencyKey, ...body }: WithdrawInput & Idempotent) =>
  postMoney<Withdrawal>(WALLET_API.withdraw, body, idempotencyKey);

export function useWithdraw() {
  const queryClient = useQueryClient();
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () => void refresh(),
    // A refusal (409: the balance changed meanwhile) shows the balance as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport }),
  });
}
