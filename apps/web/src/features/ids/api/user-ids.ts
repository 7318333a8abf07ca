import { IDS_API, UserIdListSchema, UserIdSchema } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `GET /user_ids`: the caller's IDs, newest first. */
export const getUserIds = (signal?: AbortSignal) =>
  apiRequest(IDS_API.userIds, { method: 'GET', schema: UserIdListSchema, signal });

export function useUserIds(enabled = true) {
  return useQuery({
    queryKey: [...QUERY_KEYS.userIds, 'list'],
    queryFn: async ({ signal }) => (await getUserIds(signal)).data,
    enabled,
  });
}

/** `GET /user_ids/{id}`: one of the caller's IDs, with its credentials once active. */
export const getUserId = (id: number, signal?: AbortSignal) =>
  apiRequest(IDS_API.userId(id), { method: 'GET', schema: UserIdSchema, signal });

export const userIdQueryKey = (id: number) => [...QUERY_KEYS.userIds, 'one', id] as const;

/** Nothing is fetched for a null id (a route parameter that is not a number). */
export function useUserId(id: number | null) {
  return useQuery({
    queryKey: userIdQueryKey(id ?? 0),
    queryFn: async ({ signal }) => (await getUserId(id as number, signal)).data,
    enabled: id !== null,
  });
}
