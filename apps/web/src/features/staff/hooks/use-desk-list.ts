import type { SortOrder } from '@iddesk/contract';
import { useSearchParams } from 'react-router';
import { readPage } from '../../../lib/pagination';

/** The desk filters a list's URL may carry, as the API names them (DeskFilterSchema). */
export const FILTER_KEYS = [
  'customer',
  'amount_min',
  'amount_max',
  'reference',
  'payment_type_id',
  'from',
  'to',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Partial<Record<FilterKey, string>>;

/** The filters present in `params`, trimmed, empty ones left out. */
export function readFilter(params: URLSearchParams): FilterValues {
  const filter: FilterValues = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

/** `sort=oldest|newest` from the URL; absent (or anything else) is the list's default. */
export function readSort(params: URLSearchParams): SortOrder | undefined {
  const sort = params.get('sort');
  return sort === 'oldest' || sort === 'newest' ? sort : undefined;
}

/** The list's filters and order as API query parameters. */
export function apiQueryOf(params: URLSearchParams): Record<string, string> {
  const sort = readSort(params);
  return { ...(readFilter(params) as Record<string, string>), ...(sort ? { sort } : {}) };
}

/** `base?…` with `changes` applied to `params` (undefined or '' removes a key), page 1 left out. */
export function withParams(
  base: string,
  params: URLSearchParams,
  changes: Record<string, string | undefined>,
): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (next.get('page') === '1') next.delete('page');
  const qs = next.toString();
  return qs ? `${base}?${qs}` : base;
}

/**
 * A staff list's state, all in the URL (issue 16): page, filters and order. A change of filter
 * or order goes back to page 1; other parameters (a `tab`) are kept.
 */
export function useDeskList(base: string) {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const sort = readSort(params);
  const go = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next);
  };
  return {
    params,
    page: readPage(params.get('page')),
    filter,
    sort,
    /** Filters and order for the fetcher. */
    query: apiQueryOf(params),
    filtered: Object.keys(filter).length > 0,
    hrefFor: (page: number) =>
      withParams(base, params, { page: page > 1 ? String(page) : undefined }),
    applyFilter: (values: FilterValues) =>
      go(Object.fromEntries(FILTER_KEYS.map((key) => [key, values[key]?.trim()]))),
    setSort: (next: SortOrder | undefined) => go({ sort: next }),
  };
}
export type DeskList = ReturnType<typeof useDeskList>;
