import { type EndSessionsResult, type Session, SESSIONS_API } from '@iddesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const sessionsQueryKey = ['user', 'sessions'] as const;

export const getSessions = (signal?: AbortSignal) =>
  apiRequest<Session[]>(SESSIONS_API.list, { method: 'GET', signal });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }) => (await getSessions(signal)).data,
  });

/** The signed-in user's live sessions, this one marked `current`. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export const endSession = (id: number) =>
  apiRequest<null>(SESSIONS_API.end(id), { method: 'POST' });

export const endOtherSessions = () =>
  apiRequest<EndSessionsResult>(SESSIONS_API.endOthers, { method: 'POST' });

/** End one session; the list reloads. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** End every session but this one; the list reloads. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
