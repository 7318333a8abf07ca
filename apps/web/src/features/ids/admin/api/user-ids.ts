import {
  type ApproveUserIdBody,
  IDS_API,
  PAGE_SIZE,
  type Paginated,
  type RejectBody,
  type UserId,
} from '@iddesk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, type QueueParams, useInvalidateAfterAdminAction } from '../../../staff';

/** `GET /admin/user_ids?page&perPage&pending`: the new-ID queue and the handled ones. */
export const getAdminUserIds = ({ pending, page }: QueueParams, signal?: AbortSignal) =>
  apiRequest<Paginated<UserId>>(IDS_API.adminUserIds, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE, pending: pending ? 1 : 0 },
    signal,
  });

export const adminUserIdsQueryOptions = (params: QueueParams) =>
  queryOptions({
    queryKey: adminKeys.userIds(params),
    queryFn: async ({ signal }) => (await getAdminUserIds(params, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useAdminUserIds = (params: QueueParams) => useQuery(adminUserIdsQueryOptions(params));

/** `GET /admin/user_ids/{id}`: with the customer, the payment and, once approved, the login. */
export const getAdminUserId = (id: number, signal?: AbortSignal) =>
  apiRequest<UserId>(IDS_API.adminUserId(id), { method: 'GET', signal });

export const useAdminUserId = (id: number) =>
  useQuery({
    queryKey: adminKeys.userId(id),
    queryFn: async ({ signal }) => (await getAdminUserId(id, signal)).data,
  });

/** `POST /admin/user_ids/{id}/approve`: amount put in, login and password for the customer. */
export const approveUserId = ({ id, body }: { id: number; body: ApproveUserIdBody }) =>
  apiRequest<UserId>(IDS_API.adminUserIdApprove(id), { method: 'POST', body, idempotent: true });

/** `POST /admin/user_ids/{id}/reject`: a wallet payment is returned to the customer. */
export const rejectUserId = ({ id, body }: { id: number; body: RejectBody }) =>
  apiRequest<UserId>(IDS_API.adminUserIdReject(id), { method: 'POST', body, idempotent: true });

export function useApproveUserId() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: approveUserId, onSuccess: invalidate });
}

export function useRejectUserId() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: rejectUserId, onSuccess: invalidate });
}
