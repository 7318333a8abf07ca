import {
  type HandleRequestBody,
  type IdRequest,
  IDS_API,
  PAGE_SIZE,
  type Paginated,
} from '@iddesk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, type QueueParams, useInvalidateAfterAdminAction } from '../../../staff';

/** `GET /admin/requests?page&perPage&pending`: deposits, withdrawals, closes, password changes. */
export const getAdminIdRequests = ({ pending, page }: QueueParams, signal?: AbortSignal) =>
  apiRequest<Paginated<IdRequest>>(IDS_API.adminRequests, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE, pending: pending ? 1 : 0 },
    signal,
  });

export const adminIdRequestsQueryOptions = (params: QueueParams) =>
  queryOptions({
    queryKey: adminKeys.idRequests(params),
    queryFn: async ({ signal }) => (await getAdminIdRequests(params, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useAdminIdRequests = (params: QueueParams) =>
  useQuery(adminIdRequestsQueryOptions(params));

/** `GET /admin/requests/{id}`. */
export const getAdminIdRequest = (id: number, signal?: AbortSignal) =>
  apiRequest<IdRequest>(IDS_API.adminRequest(id), { method: 'GET', signal });

export const useAdminIdRequest = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.idRequest(id ?? 0),
    queryFn: async ({ signal }) => (await getAdminIdRequest(id as number, signal)).data,
    enabled: id !== null,
  });

/** `POST /admin/requests/{id}/handle`: approve (with amount or password by type) or reject. */
export const handleIdRequest = ({ id, body }: { id: number; body: HandleRequestBody }) =>
  apiRequest<IdRequest>(IDS_API.adminRequestHandle(id), { method: 'POST', body, idempotent: true });

export function useHandleIdRequest() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: handleIdRequest, onSuccess: invalidate });
}
