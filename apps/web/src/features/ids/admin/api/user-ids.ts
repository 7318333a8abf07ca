import {
  type ApproveUserIdBody,
  IDS_API,
  type Paginated,
  type RejectBody,
  type UserId,
} from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions, pageQueryOptions } from '../../../../lib/page-query';
import { postMoney } from '../../../../lib/api-client';
import { adminKeys, type Decision, type QueueParams, useAdminMutation } from '../../../staff';

/** `GET /admin/user_ids?page&perPage&pending`: the new-ID queue and the handled ones. */
export const adminUserIdsQueryOptions = (params: QueueParams) =>
  pageQueryOptions<Paginated<UserId>>(IDS_API.adminUserIds, adminKeys.userIds(params), params);

export const useAdminUserIds = (params: QueueParams) => useQuery(adminUserIdsQueryOptions(params));

/** `GET /admin/user_ids/{id}`: with the customer, the payment and, once approved, the login. */
export const useAdminUserId = (id: number) =>
  useQuery(itemQueryOptions<UserId>(IDS_API.adminUserId(id), adminKeys.userId(id)));

/** `POST /admin/user_ids/{id}/approve`: amount put in, login and password for the customer. */
export const approveUserId = ({ id, body, idempotencyKey }: Decision<ApproveUserIdBody>) =>
  postMoney<UserId>(IDS_API.adminUserIdApprove(id), body, idempotencyKey);

/** `POST /admin/user_ids/{id}/reject`: a wallet payment is returned to the customer. */
export const rejectUserId = ({ id, body, idempotencyKey }: Decision<RejectBody>) =>
  postMoney<UserId>(IDS_API.adminUserIdReject(id), body, idempotencyKey);

export const useApproveUserId = () => useAdminMutation(approveUserId);

export const useRejectUserId = () => useAdminMutation(rejectUserId);
