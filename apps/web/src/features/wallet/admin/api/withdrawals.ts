import {
  PAGE_SIZE,
  type Paginated,
  type RejectBody,
  WALLET_API,
  type Withdrawal,
  WITHDRAWAL_APPROVE_PROOF_FIELD,
} from '@iddesk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, type QueueParams, useInvalidateAfterAdminAction } from '../../../staff';

/** `GET /admin/withdraw?page&perPage&pending`. */
export const getWithdrawals = ({ pending, page }: QueueParams, signal?: AbortSignal) =>
  apiRequest<Paginated<Withdrawal>>(WALLET_API.adminWithdrawals, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE, pending: pending ? 1 : 0 },
    signal,
  });

export const withdrawalsQueryOptions = (params: QueueParams) =>
  queryOptions({
    queryKey: adminKeys.withdrawals(params),
    queryFn: async ({ signal }) => (await getWithdrawals(params, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (params: QueueParams) => useQuery(withdrawalsQueryOptions(params));

/** `GET /admin/withdraw/{id}`. */
export const getWithdrawal = (id: number, signal?: AbortSignal) =>
  apiRequest<Withdrawal>(WALLET_API.adminWithdrawal(id), { method: 'GET', signal });

export const useWithdrawal = (id: number) =>
  useQuery({
    queryKey: adminKeys.withdrawal(id),
    queryFn: async ({ signal }) => (await getWithdrawal(id, signal)).data,
  });

export type ApproveWithdrawalInput = { id: number; reference: string; proof: File | null };

/** `POST /admin/withdraw/{id}/approve` (multipart): optional payout reference and screenshot. */
export const approveWithdrawal = ({ id, reference, proof }: ApproveWithdrawalInput) => {
  const form = new FormData();
  if (reference.trim()) form.set('reference', reference.trim());
  if (proof) form.set(WITHDRAWAL_APPROVE_PROOF_FIELD, proof, proof.name);
  return apiRequest<Withdrawal>(WALLET_API.adminWithdrawalApprove(id), {
    method: 'POST',
    body: form,
    idempotent: true,
  });
};

/** `POST /admin/withdraw/{id}/reject`: the held amount goes back to the balance. */
export const rejectWithdrawal = ({ id, body }: { id: number; body: RejectBody }) =>
  apiRequest<Withdrawal>(WALLET_API.adminWithdrawalReject(id), {
    method: 'POST',
    body,
    idempotent: true,
  });

export function useApproveWithdrawal() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: approveWithdrawal, onSuccess: invalidate });
}

export function useRejectWithdrawal() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: rejectWithdrawal, onSuccess: invalidate });
}
