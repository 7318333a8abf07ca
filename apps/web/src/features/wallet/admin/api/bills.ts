import {
  type Bill,
  PAGE_SIZE,
  type Paginated,
  type RejectBody,
  WALLET_API,
} from '@iddesk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, type QueueParams, useInvalidateAfterAdminAction } from '../../../staff';

/** `GET /admin/bills?page&perPage&pending`. */
export const getBills = ({ pending, page }: QueueParams, signal?: AbortSignal) =>
  apiRequest<Paginated<Bill>>(WALLET_API.adminBills, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE, pending: pending ? 1 : 0 },
    signal,
  });

export const billsQueryOptions = (params: QueueParams) =>
  queryOptions({
    queryKey: adminKeys.bills(params),
    queryFn: async ({ signal }) => (await getBills(params, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useBills = (params: QueueParams) => useQuery(billsQueryOptions(params));

/** `GET /admin/bills/{id}`. */
export const getBill = (id: number, signal?: AbortSignal) =>
  apiRequest<Bill>(WALLET_API.adminBill(id), { method: 'GET', signal });

export const useBill = (id: number) =>
  useQuery({
    queryKey: adminKeys.bill(id),
    queryFn: async ({ signal }) => (await getBill(id, signal)).data,
  });

/** `POST /admin/bills/{id}/approve`: credits the amount. */
export const approveBill = (id: number) =>
  apiRequest<Bill>(WALLET_API.adminBillApprove(id), { method: 'POST', idempotent: true });

/** `POST /admin/bills/{id}/reject` with an optional comment. */
export const rejectBill = ({ id, body }: { id: number; body: RejectBody }) =>
  apiRequest<Bill>(WALLET_API.adminBillReject(id), { method: 'POST', body, idempotent: true });

export function useApproveBill() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: approveBill, onSuccess: invalidate });
}

export function useRejectBill() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: rejectBill, onSuccess: invalidate });
}
