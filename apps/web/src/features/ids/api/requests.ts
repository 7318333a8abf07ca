import { type IdRequest, IDS_API, PAGE_SIZE, type Paginated } from '@iddesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `GET /requests?page&perPage`: the caller's requests across all their IDs, newest first. */
export const getRequests = (page: number, signal?: AbortSignal) =>
  apiRequest<Paginated<IdRequest>>(IDS_API.requests, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE },
    signal,
  });

/** Under the user-IDs key: any request on an ID refreshes it with the histories. */
export function useRequests(page: number, enabled = true) {
  return useQuery({
    queryKey: [...QUERY_KEYS.userIds, 'requests', 'all', { page }],
    queryFn: async ({ signal }) => (await getRequests(page, signal)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
