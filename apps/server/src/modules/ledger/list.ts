import type { DeskListQuery, Locale, Paginated, TransactionKind, PendingPageQuerySchema, Transaction } from '@iddesk/contract';
import { formatAmount } from '@iddesk/contract';
import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { transactions, type TransactionRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { textCell, timeCell } from '../../lib/csv-export';
import { pageWindow, toPage, withTotal } from '../../lib/pagination';
import { containsPattern, dayEnd, dayStart } from '../pending-items';
import { ledgerText, toTransactionJson } from './serialize';
import { localize } from '../../lib/i18n';

export type PendingPageParams = z.output<typeof PendingPageQuerySchema>;

/**
 * Filters on a user's ledger: staff's (issue 16: amount range of either sign, text, days,
 * order) and the customer's own (issue 56: one kind, days).
 */
export type LedgerFilter = Partial<Omit<DeskListQuery, 'page' | 'perPage'>> & {
  kind?: TransactionKind | undefined;
  timeZone?: string;
};

function filterOf(userId: number, query: PendingPageParams & LedgerFilter): SQL | undefined {
  const { amount_min, amount_max, reference, from, to, timeZone } = query;
  return and(
    eq(transactions.userId, userId),
    query.kind === undefined ? undefined : eq(transactions.kind, query.kind),
    query.pending === true ? eq(transactions.status, 'pending') : undefined,
    query.pending === false ? inArray(transactions.status, ['done', 'rejected', 'cancelled']) : undefined,
    amount_min === undefined ? undefined : sql`abs(${transactions.amount}) >= ${amount_min}`,
    amount_max === undefined ? undefined : sql`abs(${transactions.amount}) <= ${amount_max}`,
    reference === undefined ? undefined : sql`${transactions.description} ilike ${containsPattern(reference)}`,
    from === undefined || timeZone === undefined ? undefined : sql`${transactions.createdAt} >= ${dayStart(from, timeZone)}`,
    to === undefined || timeZone === undefined ? undefined : sql`${transactions.createdAt} < ${dayEnd(to, timeZone)}`,
  );
}

const orderOf = (query: LedgerFilter) => (query.sort === 'oldest' ? asc(transactions.id) : desc(transactions.id));

/**
 * A user's ledger, newest first (`sort=oldest` the other way); pending=true the open rows,
 * false the settled ones; staff may filter. One statement per page, the total included, both
 * off the (user_id, id) index.
 */
export async function listTransactions(
  db: Db,
  userId: number,
  query: PendingPageParams & LedgerFilter,
): Promise<Paginated<Transaction>> {
  const window = pageWindow(query);
  const where = filterOf(userId, query);
  const { rows, total } = await withTotal(
    db
      .select({ ...getTableColumns(transactions), total: db.$count(transactions, where) })
      .from(transactions)
      .where(where)
      .orderBy(orderOf(query))
      .limit(window.limit)
      .offset(window.offset),
    window,
    () => db.$count(transactions, where),
  );
  return toPage(rows.map(toTransactionJson), total, query);
}

/** One of `userId`'s own rows, or null (another user's row is as unknown as a missing one). */
export async function ownTransaction(db: Db, userId: number, id: number): Promise<Transaction | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)));
  return row ? toTransactionJson(row) : null;
}

/** A chunk of the filtered ledger after `afterId` in its order, for the CSV export. */
export async function transactionChunk(
  db: Db,
  userId: number,
  query: PendingPageParams & LedgerFilter,
  afterId: number | null,
  size: number,
): Promise<TransactionRow[]> {
  const after = afterId === null ? undefined : query.sort === 'oldest' ? gt(transactions.id, afterId) : lt(transactions.id, afterId);
  return db.select().from(transactions).where(and(filterOf(userId, query), after)).orderBy(orderOf(query)).limit(size);
}

/**
 * The CSV export's columns: signed exact amounts, times in the display time zone, the text in
 * the reader's language.
 */
export function transactionCsvColumns(
  timeZone: string,
  locale: Locale,
): { header: string; cell: (row: TransactionRow) => string | number }[] {
  return [
    { header: 'id', cell: (r) => r.id },
    { header: 'created_at', cell: (r) => timeCell(r.createdAt, timeZone) },
    { header: 'kind', cell: (r) => r.kind },
    { header: 'description', cell: (r) => textCell(localize(ledgerText(r), locale)) },
    { header: 'amount', cell: (r) => formatAmount(r.amount) },
    { header: 'status', cell: (r) => r.status },
    { header: 'balance_after', cell: (r) => (r.balanceAfter === null ? '' : formatAmount(r.balanceAfter)) },
    { header: 'settled_at', cell: (r) => timeCell(r.settledAt, timeZone) },
  ];
}
