import type { CatalogueListSchema } from '@iddesk/contract';
import { type CatalogueItem, IDS_API } from '@iddesk/contract';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/**
 * `GET /ids`: the active catalogue. The token decides whether demo credentials come back, so
 * the key carries the signed-in state and a login or logout refetches.
 */
export const getCatalogue = (signal?: AbortSignal) =>
  apiRequest<z.output<typeof CatalogueListSchema>>(IDS_API.ids, { method: 'GET', signal });

export const catalogueQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.catalogue, { signedIn }],
    queryFn: async ({ signal }) => (await getCatalogue(signal)).data,
  });

export function useCatalogue() {
  const { guest } = useSession();
  return useQuery(catalogueQueryOptions(!guest));
}

/** `GET /ids/{id}`: one active item (404 when unknown or inactive). */
export const getCatalogueItem = (id: number, signal?: AbortSignal) =>
  apiRequest<CatalogueItem>(IDS_API.id(id), { method: 'GET', signal });

export function useCatalogueItem(id: number | null) {
  const { guest } = useSession();
  return useQuery({
    queryKey: [...QUERY_KEYS.catalogue, 'item', id, { signedIn: !guest }],
    queryFn: async ({ signal }) => (await getCatalogueItem(id as number, signal)).data,
    enabled: id !== null,
  });
}
