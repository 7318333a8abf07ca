import { API, type Passport } from '@iddesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

export const passportQueryKey = QUERY_KEYS.passport;

export const getPassport = (signal?: AbortSignal) =>
  apiRequest<Passport>(API.passport, { method: 'POST', signal });

export const passportQueryOptions = () =>
  queryOptions({
    queryKey: passportQueryKey,
    queryFn: async ({ signal }) => (await getPassport(signal)).data,
  });

/** The signed-in user; disabled (no request) for guests. */
export function usePassport(enabled = true) {
  return useQuery({ ...passportQueryOptions(), enabled });
}
