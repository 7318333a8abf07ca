import type { PageQuery, Paginated } from '@iddesk/contract';

export type PageWindow = { limit: number; offset: number };

/** LIMIT/OFFSET for a page query. */
export function pageWindow(query: PageQuery): PageWindow {
  return { limit: query.perPage, offset: (query.page - 1) * query.perPage };
}

/** The list envelope of docs/product.md#api-conventions: `{ items, page, per_page, total, last_page }`. */
export function toPage<T>(items: T[], total: number, query: PageQuery): Paginated<T> {
  return {
    items,
    page: query.page,
    per_page: query.perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
  };
}

/**
 * A page and its total from ONE statement (issue 19): the page's select carries a `total`
 * column, the filtered count as an uncorrelated scalar subquery (`db.$count(table, where)`
 * or `(select count(*) …)`), which PostgreSQL runs once per statement, not per row, off the
 * same index as the page. A page past the last has no row to carry the total: only then is it
 * counted on its own (`countAlone`); an empty first page means a total of 0.
 */
export async function withTotal<R extends { total: number }>(
  query: PromiseLike<R[]>,
  window: PageWindow,
  countAlone: () => Promise<number>,
): Promise<{ rows: R[]; total: number }> {
  const rows = await query;
  const first = rows[0];
  if (first) return { rows, total: Number(first.total) };
  return { rows, total: window.offset === 0 ? 0 : await countAlone() };
}
