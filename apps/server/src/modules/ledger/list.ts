import type { DeskListQuery, Paginated, PendingPageQuerySchema, Transaction } from '@iddesk/contract';
import { formatAmount } from '@iddesk/contract';
import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { transactions, type TransactionRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { textCell, timeCell } from '../../lib/csv-export';
import { preparedStatement, type RawRow } from '../../db/prepared';
import { pageWindow, toPage, totalOf, withTotal } from '../../lib/pagination';
import { containsPattern, dayEnd, dayStart, hasDeskFilter } from '../pending-items';
import { TRANSACTION_TEXT_TOTAL, toTransactionJson, transactionJsonOfText, transactionTextColumns } from './serialize';

export type PendingPageParams = z.output<typeof PendingPageQuerySchema>;

/** Staff filters on a user's ledger (issue 16): amount range (either sign), text, days, order. */
export type LedgerFilter = Partial<Omit<DeskListQuery, 'page' | 'perPage'>> & { timeZone?: string };

function filterOf(userId: number | Placeholder, query: PendingPageParams & LedgerFilter): SQL | undefined {
  const { amount_min, amount_max, reference, from, to, timeZone } = query;
  return and(
    eq(transactions.userId, userId),
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

const pageStatements = new Map<string, ReturnType<typeof pageStatementFor>>();

/** The page's columns as `transactionJsonOfText` reads them, then the filtered total. */
function pageStatementFor(query: PendingPageParams & LedgerFilter) {
  return preparedStatement<'userId' | 'limit' | 'offset'>(`transactions_page_${query.pending}_${query.sort}`, (db) => {
    const where = filterOf(sql.placeholder('userId'), query);
    return db
      .select({ ...transactionTextColumns, total: db.$count(transactions, where) })
      .from(transactions)
      .where(where)
      .orderBy(orderOf(query))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  }, { lane: 'list' });
}

function pageStatementOf(query: PendingPageParams & LedgerFilter) {
  const key = `${query.pending} ${query.sort}`;
  let statement = pageStatements.get(key);
  if (!statement) pageStatements.set(key, (statement = pageStatementFor(query)));
  return statement;
}

const totalColumn = (row: RawRow) => ({ total: Number(row[TRANSACTION_TEXT_TOTAL]) });

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
  if (!hasDeskFilter(query)) {
    // A customer's own list (and the staff's unfiltered view): one prepared statement per
    // shape, answered as text on the lists' pipelined connection (db/prepared.ts
    // `StatementLane`) and read straight into the answer.
    const rows = await pageStatementOf(query)(db, { userId, ...window });
    const { total } = await totalOf(rows.slice(0, 1).map(totalColumn), window, () => db.$count(transactions, filterOf(userId, query)));
    return toPage(rows.map(transactionJsonOfText), total, query);
  }
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
    { filtered: hasDeskFilter(query) },
  );
  return toPage(rows.map(toTransactionJson), total, query);
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

/** The CSV export's columns: signed exact amounts, times in the display time zone. */
export function transactionCsvColumns(timeZone: string): { header: string; cell: (row: TransactionRow) => string | number }[] {
  return [
    { header: 'id', cell: (r) => r.id },
    { header: 'created_at', cell: (r) => timeCell(r.createdAt, timeZone) },
    { header: 'kind', cell: (r) => r.kind },
    { header: 'description', cell: (r) => textCell(r.description) },
    { header: 'amount', cell: (r) => formatAmount(r.amount) },
    { header: 'status', cell: (r) => r.status },
    { header: 'balance_after', cell: (r) => (r.balanceAfter === null ? '' : formatAmount(r.balanceAfter)) },
    { header: 'settled_at', cell: (r) => timeCell(r.settledAt, timeZone) },
  ];
}
