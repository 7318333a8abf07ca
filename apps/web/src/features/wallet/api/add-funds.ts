import { ADD_FUNDS_PROOF_FIELD, type Bill, WALLET_API } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Idempotent } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

export type AddFundsInput = {
  /** Wire format, "1500.00". */
  amount: string;
  payment_type_id: number;
  reference: string;
  proof: File;
};

/** `POST /add_funds` (multipart): a top-up waiting for the desk to check the payment. */
export const addFunds = ({ idempotencyKey, ...input }: AddFundsInput & Idempotent) => {
  const form = new FormData();
  form.set('amount', input.amount);
  form.set('payment_type_id', String(input.payment_type_id));
  form.set('reference', input.reference);
  form.set(ADD_FUNDS_PROOF_FIELD, input.proof, input.proof.name);
  return apiRequest<Bill>(WALLET_API.addFunds, {
    method: 'POST',
    body: form,
    idempotent: idempotencyKey ?? true,
  });
};

export function useAddFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFunds,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.passport });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.transactions });
    },
  });
}
