import { API, type Marque } from '@iddesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const marqueQueryKey = ['marque'] as const;

export const getMarque = (signal?: AbortSignal) =>
  apiRequest<Marque>(API.marque, { method: 'GET', signal });

export const marqueQueryOptions = () =>
  queryOptions({
    queryKey: marqueQueryKey,
    queryFn: async ({ signal }) => (await getMarque(signal)).data,
    staleTime: 60_000,
  });

export function useMarque() {
  return useQuery(marqueQueryOptions());
}
