import type { DeskFilter } from '@iddesk/contract';
import { and, eq, gt, inArray, lt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';
import { type PageWindow, withTotal } from '../../lib/pagination';
import { listOrder, type ListQuery, listSort } from './filters';

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
  select: (db: Db, total?: SQL<number>) => ViewSelect<R>;
  toView: (row: R) => V;
  where: (filter: F) => SQL | undefined;
  matching: (db: Db, fields: Record<string, PgColumn | SQL>, where: SQL | undefined) => MatchingSelect;
};

type Filter = Pick<ListQuery, 'pending' | 'sort'> & Partial<DeskFilter>;
const countAll = sql<number>`count(*)::int`;

export function viewQueries<F extends Filter, R extends { total: number }, V>(spec: ViewSpec<F, R, V>) {
  const { id, select, toView } = spec;
  return {
    /**
     * A list page and its total in one statement (lib/pagination.ts `withTotal`), the page's
     * ids first: the view's joins and subqueries run for the rows shown, not for every row an
     * OFFSET skips.
     */
    list: async (db: Db, filter: F, page: PageWindow): Promise<{ items: V[]; total: number }> => {
      const where = spec.where(filter);
      const order = listOrder(id, filter);
      const ids = spec.matching(db, { id }, where).orderBy(order).limit(page.limit).offset(page.offset);
      const count = spec.matching(db, { total: countAll }, where);
      const query = select(db, sql<number>`(${count})`.mapWith(Number)).where(inArray(id, ids)).orderBy(order);
      const { rows, total } = await withTotal(query, page, async () => Number((await count)[0]?.total ?? 0));
      return { items: rows.map(toView), total };
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
