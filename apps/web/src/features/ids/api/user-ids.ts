import type { UserIdListSchema } from '@iddesk/contract';
import { IDS_API, type UserId } from '@iddesk/contract';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `GET /user_ids`: the caller's IDs, newest first. */
export const getUserIds = (signal?: AbortSignal) =>
  apiRequest<z.output<typeof UserIdListSchema>>(IDS_API.userIds, { method: 'GET', signal });

export function useUserIds(enabled = true) {
  return useQuery({
    queryKey: [...QUERY_KEYS.userIds, 'list'],
    queryFn: async ({ signal }) => (await getUserIds(signal)).data,
    enabled,
  });
}

/** `GET /user_ids/{id}`: one of the caller's IDs, with its credentials once active. */
export const getUserId = (id: number, signal?: AbortSignal) =>
  apiRequest<UserId>(IDS_API.userId(id), { method: 'GET', signal });

export const userIdQueryKey = (id: number) => [...QUERY_KEYS.userIds, 'one', id] as const;

/** Nothing is fetched for a null id (a route parameter that is not a number). */
export function useUserId(id: number | null) {
  return useQuery({
    queryKey: userIdQueryKey(id ?? 0),
    queryFn: async ({ signal }) => (await getUserId(id as number, signal)).data,
    enabled: id !== null,
  });
}
