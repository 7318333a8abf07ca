import {
  type Bill,
  type ConfirmReusedBody,
  type Paginated,
  type RejectBody,
  WALLET_API,
} from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions, pageQueryOptions } from '../../../../lib/page-query';
import { postMoney } from '../../../../lib/api-client';
import { adminKeys, type Decision, type QueueParams, useAdminMutation } from '../../../staff';

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
export const approveBill = ({ id, body, idempotencyKey }: Decision<ConfirmReusedBody>) =>
  postMoney<Bill>(WALLET_API.adminBillApprove(id), body, idempotencyKey);

/** `POST /admin/bills/{id}/reject` with an optional comment. */
export const rejectBill = ({ id, body, idempotencyKey }: Decision<RejectBody>) =>
  postMoney<Bill>(WALLET_API.adminBillReject(id), body, idempotencyKey);

export const useApproveBill = () => useAdminMutation(approveBill);

export const useRejectBill = () => useAdminMutation(rejectBill);
