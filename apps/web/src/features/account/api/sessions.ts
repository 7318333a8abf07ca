import { type EndSessionsResult, type Session, SESSIONS_API } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemQueryOptions } from '../../../lib/page-query';
import { useRefetchingMutation } from '../../../lib/refetching-mutation';

export const sessionsQueryKey = ['user', 'sessions'] as const;

export const sessionsQueryOptions = () =>
  itemQueryOptions<Session[]>(SESSIONS_API.list, sessionsQueryKey);

/** The signed-in user's live sessions, this one marked `current`. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export const endSession = (id: number) =>
  apiRequest<null>(SESSIONS_API.end(id), { method: 'POST' });

export const endOtherSessions = () =>
  apiRequest<EndSessionsResult>(SESSIONS_API.endOthers, { method: 'POST' });

/** End one session; the list reloads. */
export const useEndSession = () => useRefetchingMutation(endSession, sessionsQueryKey, 'settled');

/** End every session but this one; the list reloads. */
export const useEndOtherSessions = () =>
  useRefetchingMutation(endOtherSessions, sessionsQueryKey, 'settled');
