import { WALLET_API, type Withdrawal, type WithdrawMethod } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Idempotent } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

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
  apiRequest<Withdrawal>(WALLET_API.withdraw, {
    method: 'POST',
    body,
    idempotent: idempotencyKey ?? true,
  });

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions });
    },
    // A refusal (409: the balance changed meanwhile) shows the balance as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport }),
  });
}
