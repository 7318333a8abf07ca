import type { PageQuery, Paginated } from '@iddesk/contract';

/** LIMIT/OFFSET for a page query. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.perPage, offset: (query.page - 1) * query.perPage };
}

/** The list envelope of DESIGN.md §2: `{ items, page, per_page, total, last_page }`. */
export function toPage<T>(items: T[], total: number, query: PageQuery): Paginated<T> {
  return {
    items,
    page: query.page,
    per_page: query.perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
  };
}
