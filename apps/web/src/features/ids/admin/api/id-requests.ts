import { type HandleRequestBody, type IdRequest, IDS_API, type Paginated } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions, pageQueryOptions } from '../../../../lib/page-query';
import { postMoney } from '../../../../lib/api-client';
import { adminKeys, type Decision, type QueueParams, useAdminMutation } from '../../../staff';

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
export const useAdminIdRequest = (id: number | null) =>
  useQuery({
    ...itemQueryOptions<IdRequest>(IDS_API.adminRequest(id ?? 0), adminKeys.idRequest(id ?? 0)),
    enabled: id !== null,
  });

/** `POST /admin/requests/{id}/handle`: approve (with amount or password by type) or reject. */
export const handleIdRequest = ({ id, body, idempotencyKey }: Decision<HandleRequestBody>) =>
  postMoney<IdRequest>(IDS_API.adminRequestHandle(id), body, idempotencyKey);

export const useHandleIdRequest = () => useAdminMutation(handleIdRequest);
