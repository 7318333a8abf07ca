import { type HandleRequestBody, type IdRequest, IDS_API, type Paginated } from '@iddesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/page-query';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, type Decision, type QueueParams, useInvalidateAfterAdminAction } from '../../../staff';

/** `GET /admin/requests?page&perPage&pending`: deposits, withdrawals, closes, password changes. */
export const adminIdRequestsQueryOptions = (params: QueueParams) =>
  pageQueryOptions<Paginated<IdRequest>>(
    IDS_API.adminRequests,
    adminKeys.idRequests(params),
    params,
  );

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
export const handleIdRequest = ({ id, body, idempotencyKey: key }: Decision<HandleRequestBody>) =>
  apiRequest<IdRequest>(IDS_API.adminRequestHandle(id), {
    method: 'POST',
    body,
    idempotent: key ?? true,
  });

export function useHandleIdRequest() {
  const invalidate = useInvalidateAfterAdminAction();
  return useMutation({ mutationFn: handleIdRequest, onSuccess: invalidate });
}
