import {
  type Bill,
  type ConfirmReusedBody,
  type Paginated,
  type RejectBody,
  WALLET_API,
} from '@iddesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { itemQueryOptions, pageQueryOptions } from '../../../../lib/page-query';
import { apiRequest } from '../../../../lib/api-client';
import {
  adminKeys,
  type Decision,
  type QueueParams,
  useInvalidateAfterAdminAction,
} from '../../../staff';

/** `GET /admin/bills?page&perPage&pending` with the desk's filters and order. */
export const billsQueryOptions = (params: QueueParams) =>
  pageQueryOptions<Paginated<Bill>>(WALLET_API.adminBills, adminKeys.bills(params), params);

export const useBills = (params: QueueParams) => useQuery(billsQueryOptions(params));

/** `GET /admin/bills/{id}`. */
export const useBill = (id: number) =>
  useQuery(itemQueryOptions<Bill>(WALLET_API.adminBill(id), adminKeys.bill(id)));

/**
 * `POST /admin/bills/{id}/approve`: credits the amount. A flagged bill's approval carries
 * `confirm_reused` and the staff member's comment.
 */
export const approveBill = ({ id, body, idempotencyKey: key }: Decision<ConfirmReusedBody>) =>
  apiRequest<Bill>(WALLET_API.adminBillApprove(id), {
    method: 'POST',
    body,
    idempotent: key ?? true,
  });

/** `POST /admin/bills/{id}/reject` with an optional comment. */
export const rejectBill = ({ id, body, idempotencyKey: key }: Decision<RejectBody>) =>
  apiRequest<Bill>(WALLET_API.adminBillReject(id), {
    method: 'POST',
    body,
    idempotent: key ?? true,
  });

export function useApproveBill() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: approveBill, onSuccess: invalidate });
}

export function useRejectBill() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: rejectBill, onSuccess: invalidate });
}
