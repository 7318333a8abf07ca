import { ADD_FUNDS_PROOF_FIELD, type Bill, WALLET_API } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { type Idempotent, postMoney } from '../../../lib/api-client';
import { useRefreshWallet } from './refresh-wallet';

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
  return postMoney<Bill>(WALLET_API.addFunds, form, idempotencyKey);
};

export function useAddFunds() {
  const refresh = useRefreshWallet();
  return useMutation({ mutationFn: addFunds, onSuccess: () => void refresh() });
}
