import type { Paginated, PendingPageQuerySchema, Transaction } from '@iddesk/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { transactions } from '../../db/schema';
import type { Db } from '../../db/types';
import { pageWindow, toPage } from '../../lib/pagination';
import { toTransactionJson } from './serialize';

export type PendingPageParams = z.output<typeof PendingPageQuerySchema>;

/** A user's ledger, newest first; pending=true the open rows, false the settled ones. */
export async function listTransactions(db: Db, userId: number, query: PendingPageParams): Promise<Paginated<Transaction>> {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (query.pending === true) conditions.push(eq(transactions.status, 'pending'));
  if (query.pending === false) conditions.push(inArray(transactions.status, ['done', 'rejected']));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    db.select().from(transactions).where(where).orderBy(desc(transactions.id)).limit(limit).offset(offset),
    db.$count(transactions, where),
  ]);
  return toPage(rows.map(toTransactionJson), total, query);
}
