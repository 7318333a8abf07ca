import {
  type Paginated,
  type RejectBody,
  WALLET_API,
  type Withdrawal,
  WITHDRAWAL_APPROVE_PROOF_FIELD,
} from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions, pageQueryOptions } from '../../../../lib/page-query';
import { type Idempotent, postMoney } from '../../../../lib/api-client';
import { adminKeys, type Decision, type QueueParams, useAdminMutation } from '../../../staff';

/** `GET /admin/withdraw?page&perPage&pending`. */
export const withdrawalsQueryOptions = (params: QueueParams) =>
  pageQueryOptions<Paginated<Withdrawal>>(
    WALLET_API.adminWithdrawals,
    adminKeys.withdrawals(params),
    params,
  );

export const useWithdrawals = (params: QueueParams) => useQuery(withdrawalsQueryOptions(params));

/** `GET /admin/withdraw/{id}`. */
export const useWithdrawal = (id: number) =>
  useQuery(itemQueryOptions<Withdrawal>(WALLET_API.adminWithdrawal(id), adminKeys.withdrawal(id)));

export type ApproveWithdrawalInput = {
  id: number;
  reference: string;
  proof: File | null;
} & Idempotent;

/** `POST /admin/withdraw/{id}/approve` (multipart): optional payout reference and screenshot. */
export const approveWithdrawal = ({
  id,
  reference,
  proof,
  idempotencyKey,
}: ApproveWithdrawalInput) => {
  const form = new FormData();
  if (reference.trim()) form.set('reference', reference.trim());
  if (proof) form.set(WITHDRAWAL_APPROVE_PROOF_FIELD, proof, proof.name);
  return postMoney<Withdrawal>(WALLET_API.adminWithdrawalApprove(id), form, idempotencyKey);
};

/** `POST /admin/withdraw/{id}/reject`: the held amount goes back to the balance. */
export const rejectWithdrawal = ({ id, body, idempotencyKey }: Decision<RejectBody>) =>
  postMoney<Withdrawal>(WALLET_API.adminWithdrawalReject(id), body, idempotencyKey);

export const useApproveWithdrawal = () => useAdminMutation(approveWithdrawal);

export const useRejectWithdrawal = () => useAdminMutation(rejectWithdrawal);
