import { type IdRequest, IDS_API, PAGE_SIZE, type Paginated } from '@iddesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `GET /user_ids/{id}/requests?page&perPage`: one ID's requests, newest first. */
export const getUserIdRequests = (id: number, page: number, signal?: AbortSignal) =>
  apiRequest<Paginated<IdRequest>>(IDS_API.userIdRequests(id), {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE },
    signal,
  });

export function useUserIdRequests(id: number, page: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.userIds, 'requests', id, { page }],
    queryFn: async ({ signal }) => (await getUserIdRequests(id, page, signal)).data,
    placeholderData: keepPreviousData,
  });
}
