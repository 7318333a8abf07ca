import { PAGE_SIZE } from '@iddesk/contract';
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * One page of a list; `pending` picks a queue's waiting (true) or handled (false) items, and
 * `query` carries a list's filters and order as the API names them (`customer`, `sort`, …).
 */
export type PageParams = { page: number; pending?: boolean; query?: Record<string, string> };

/**
 * `GET path?page&perPage[&pending]`: one page of a list (its `data` typed `T`), the previous
 * page kept on screen while the next one loads.
 */
export function pageQueryOptions<T>(path: string, queryKey: QueryKey, params: PageParams) {
  const { page, pending } = params;
  const query = {
    ...params.query,
    page,
    perPage: PAGE_SIZE,
    pending: pending === undefined ? undefined : +pending,
  };
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<T>(path, { method: 'GET', query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** `GET path`: one item. */
export const itemQueryOptions = <T>(path: string, queryKey: QueryKey) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) => (await apiRequest<T>(path, { method: 'GET', signal })).data,
  });
