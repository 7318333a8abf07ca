import type { DeskFilter } from '@iddesk/contract';
import { and, eq, getTableName, gt, inArray, lt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';
import { publicCacheOf } from '../../lib/public-cache';
import { type PageWindow, withTotal } from '../../lib/pagination';
import { hasDeskFilter, listOrder, type ListQuery, listSort } from './filters';

/**
 * What every queue's view joins: the customer (`users`) and the staff member who handled the
 * item (`handler`, an alias of `users`, left-joined on the item's `handled_by`).
 */
export const handler = alias(users, 'handler');

/**
 * The customer's columns (what staff see of them in the JSON and the CSV) and the handler's
 * (null while nobody has handled the item), spread into a view's select.
 */
export const partyColumns = {
  user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
  handler: { id: handler.id, name: handler.name },
};

/** A view's customer and handler, as its JSON and CSV read them. */
export type Parties = {
  user: { id: number; name: string; email: string; phone: string };
  handler: { id: number; name: string } | null;
};

/** A queue's view select (its columns, joins and, for a list page, the total), as read here. */
type ViewSelect<R> = {
  where(where: SQL | undefined): {
    orderBy(order: SQL): PromiseLike<R[]> & { limit(size: number): PromiseLike<R[]> };
    limit(size: number): PromiseLike<R[]>;
  };
};

/** `fields` of the items that match a filter: the list's table and whatever its filter reads. */
type MatchingSelect = SQLWrapper &
  PromiseLike<Record<string, unknown>[]> & {
    orderBy(order: SQL): { limit(limit: number): { offset(offset: number): SQLWrapper } };
  };

/** How a queue reads its views; `viewQueries` makes the list, the CSV chunk and the item of it. */
export type ViewSpec<F, R, V> = {
  id: PgColumn;
  /**
   * Every table the view reads (its joins and subqueries): a change to any of them ends a kept
   * staff page (each has a `t:<table>` trigger, migrations 0010, 0020 and 0021).
   */
  tables: readonly PgTable[];
  select: (db: Db, total?: SQL<number>) => ViewSelect<R>;
  toView: (row: R) => V;
  where: (filter: F) => SQL | undefined;
  matching: (db: Db, fields: Record<string, PgColumn | SQL>, where: SQL | undefined) => MatchingSelect;
};

type Filter = Pick<ListQuery, 'pending' | 'sort'> & Partial<DeskFilter>;
const countAll = sql<number>`count(*)::int`;

/** A list's shape: its filter and page size without the page. */
const shapeOf = (filter: object, size: number): string => {
  const { page: _page, perPage: _perPage, ...shape } = filter as Record<string, unknown>;
  return JSON.stringify({ ...shape, size }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
};

/** A customer's own list (theirs, or one of their IDs'), not a staff one. */
const forOneCustomer = (filter: object): boolean =>
  (filter as { userId?: unknown }).userId !== undefined || (filter as { userIdId?: unknown }).userIdId !== undefined;

/** Each queue's kept pages under their own keys. */
let queues = 0;

export function viewQueries<F extends Filter, R extends { total: number }, V>(spec: ViewSpec<F, R, V>) {
  const { id, select, toView } = spec;
  const table = getTableName(id.table);
  const tables = spec.tables.map((t) => getTableName(t));
  const scope = `queue ${++queues}`;
  return {
    /**
     * A list page and its total in one statement (lib/pagination.ts `withTotal`), the page's
     * ids first: the view's joins and subqueries run for the rows shown, not for every row an
     * OFFSET skips.
     */
    list: async (db: Db, filter: F, page: PageWindow): Promise<{ items: V[]; total: number }> => {
      const build = (counted: boolean) => {
        const where = spec.where(filter);
        const order = listOrder(id, filter);
        const ids = spec.matching(db, { id }, where).orderBy(order).limit(page.limit).offset(page.offset);
        const count = spec.matching(db, { total: countAll }, where);
        const query = select(db, counted ? sql<number>`(${count})`.mapWith(Number) : undefined)
          .where(inArray(id, ids))
          .orderBy(order);
        return { query, count };
      };
      const countAlone = async () => Number((await build(false).count)[0]?.total ?? 0);
      if (hasDeskFilter(filter) || forOneCustomer(filter)) {
        const { rows, total } = await withTotal(build(true).query, page, countAlone);
        return { items: rows.map(toView), total };
      }
      // A staff queue's or done list's page is kept in memory until one of the tables its view
      // reads changes (the `t:<table>` triggers of migrations 0010, 0020 and 0021 on every
      // server, db/change-feed.ts): staff keep the same queue open on several desks, and a kept
      // page costs no statement. Its total is kept on its own until the list's table changes:
      // after a change elsewhere (a customer's new email), the page is read alone, and costs
      // the same however long the queue is. Without either (first read, the feed down) the
      // page and its total are one statement, as a filtered list's and a customer's own
      // (short, and one kept page or total per customer would only churn).
      const cache = publicCacheOf(db);
      return cache.value(`${scope} page ${shapeOf(filter, page.limit)} ${page.offset}`, tables, async () => {
        let counted: R[] | undefined;
        const total = await cache.value(`${scope} total ${shapeOf(filter, 0)}`, [table], async () => {
          const page1 = await withTotal(build(true).query, page, countAlone);
          counted = page1.rows;
          return page1.total;
        });
        const rows = counted ?? (await build(false).query);
        return { items: rows.map(toView), total };
      });
    },
    /** Every matching view, in the list's order (a customer's own, never long). */
    all: async (db: Db, filter: F): Promise<V[]> => {
      return (await select(db).where(spec.where(filter)).orderBy(listOrder(id, filter))).map(toView);
    },
    /**
     * One chunk for the CSV export (issue 16): the rows after `afterId` in the list's order
     * (keyset paging; the first chunk when null), at most `size`.
     */
    chunk: async (db: Db, filter: F, afterId: number | null, size: number): Promise<V[]> => {
      const after = afterId === null ? undefined : listSort(filter) === 'newest' ? lt(id, afterId) : gt(id, afterId);
      const rows = await select(db).where(and(spec.where(filter), after)).orderBy(listOrder(id, filter)).limit(size);
      return rows.map(toView);
    },
    find: async (db: Db, itemId: number): Promise<V | null> => {
      const [row] = await select(db).where(eq(id, itemId)).limit(1);
      return row ? toView(row) : null;
    },
  };
}
