import { type DeskFilter, DeskFilterSchema, type SortOrder } from '@iddesk/contract';
import { and, asc, desc, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * A staff list's query as the repositories take it (issue 16): the queue or the done list,
 * the desk's filters, the order, and the time zone the `from`/`to` days are in.
 */
export type ListQuery = DeskFilter & {
  pending?: boolean | undefined;
  sort?: SortOrder | undefined;
  timeZone: string;
};

/** The columns of a list the desk filters look at; absent ones are not filterable there. */
export type FilterColumns = {
  /** The list's id: `after_id` / `before_id` read it. */
  id: PgColumn | SQL;
  userId: PgColumn | SQL;
  createdAt: PgColumn | SQL;
  amount?: PgColumn | SQL;
  reference?: PgColumn | SQL;
  paymentTypeId?: PgColumn | SQL;
};

/** `%text%` for ILIKE, with the wildcards in the text taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The customer filter: their name, email or phone contains the text (a subquery on users). */
export function customerMatch(userId: PgColumn | SQL, text: string): SQL {
  const pattern = containsPattern(text);
  const digits = text.replace(/[^\d+]/g, '');
  return sql`${userId} in (select ${users.id} from ${users} where ${or(
    sql`${users.name} ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
    digits.length >= 3 ? sql`${users.phone} like ${containsPattern(digits)}` : undefined,
  )})`;
}

/** Midnight starting `day` (YYYY-MM-DD) in the time zone, as a timestamptz. */
export const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
/** Midnight ending `day`. */
export const dayEnd = (day: string, timeZone: string) =>
  sql`(((${day}::date + 1))::timestamp at time zone ${timeZone})`;

/** Every desk filter the query carries, as one condition (undefined when there is none). */
export function deskWhere(columns: FilterColumns, query: ListQuery): SQL | undefined {
  const { customer, amount_min, amount_max, reference, payment_type_id, from, to, timeZone } = query;
  const { user_id, after_id, before_id } = query;
  return and(
    user_id === undefined ? undefined : sql`${columns.userId} = ${user_id}`,
    after_id === undefined ? undefined : sql`${columns.id} > ${after_id}`,
    before_id === undefined ? undefined : sql`${columns.id} < ${before_id}`,
    customer === undefined ? undefined : customerMatch(columns.userId, customer),
    amount_min === undefined || !columns.amount ? undefined : sql`${columns.amount} >= ${amount_min}`,
    amount_max === undefined || !columns.amount ? undefined : sql`${columns.amount} <= ${amount_max}`,
    reference === undefined || !columns.reference
      ? undefined
      : sql`${columns.reference} ilike ${containsPattern(reference)}`,
    payment_type_id === undefined || !columns.paymentTypeId
      ? undefined
      : sql`${columns.paymentTypeId} = ${payment_type_id}`,
    from === undefined ? undefined : sql`${columns.createdAt} >= ${dayStart(from, timeZone)}`,
    to === undefined ? undefined : sql`${columns.createdAt} < ${dayEnd(to, timeZone)}`,
  );
}

const DESK_FILTERS = Object.keys(DeskFilterSchema.shape) as (keyof DeskFilter)[];

/** Whether any desk filter is set (lib/pagination.ts `withTotal` keeps plans only without). */
export function hasDeskFilter(query: Partial<DeskFilter>): boolean {
  return DESK_FILTERS.some((key) => query[key] !== undefined);
}

/** The queue is oldest first unless asked otherwise; every other list newest first. */
export const listSort = (query: Pick<ListQuery, 'pending' | 'sort'>): SortOrder =>
  query.sort ?? (query.pending === true ? 'oldest' : 'newest');

/** The list's order by its id (`listSort`). */
export function listOrder(id: PgColumn, query: Pick<ListQuery, 'pending' | 'sort'>): SQL {
  return listSort(query) === 'oldest' ? asc(id) : desc(id);
}
