import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/types';

/** A table of things an admin handles once: bills, withdrawals, ID requests, user IDs. */
export type PendingTable = PgTable & { status: PgColumn };

/**
 * Money rule 6: pending → handled at most once. Concurrent handlers of one item queue on its
 * row lock; the losers find it no longer pending and get null. `target` names the row.
 */
export async function updateIfPending<T extends PendingTable>(
  tx: Tx,
  table: T,
  target: SQL | undefined,
  set: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | null> {
  const rows = (await tx
    .update(table)
    .set(set)
    .where(and(target, eq(table.status, 'pending')))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}

/** A customer's item that staff decide: who filed it, and when and by whom it was handled. */
type HandledTable = PendingTable & { id: PgColumn; userId: PgColumn; handledBy: PgColumn; handledAt: PgColumn };

/**
 * Money rule 10: the customer's own pending item → cancelled, at most once; null when it was
 * no longer pending or is not theirs. `only` narrows which of their items may be cancelled.
 */
export function cancelOwnIfPending<T extends HandledTable>(tx: Tx, table: T, id: number, customerId: number, only?: SQL) {
  const set = { status: 'cancelled', handledAt: sql`now()` } as PgUpdateSetSource<T>;
  return updateIfPending(tx, table, and(eq(table.id, id), eq(table.userId, customerId), only), set);
}

/**
 * Money rule 6: pending → approved/rejected at most once, recording the handler, the time and
 * the kind's own columns (`change`); null when it was no longer pending.
 */
export function decideIfPending<T extends HandledTable>(
  tx: Tx,
  table: T,
  target: SQL | undefined,
  decision: Decided<T>,
) {
  return updateIfPending(tx, table, target, decisionSet(decision));
}

/** The handler is an id, or a placeholder (`sql.placeholder`) in a statement built once. */
type Decided<T extends HandledTable> = { status: 'approved' | 'rejected'; adminId: number | SQL; change: PgUpdateSetSource<T> };

/** What a decision writes: the kind's own columns, the status, the handler and the time. */
export function decisionSet<T extends HandledTable>(decision: Decided<T>): PgUpdateSetSource<T> {
  return { ...decision.change, status: decision.status, handledBy: decision.adminId, handledAt: sql`now()` };
}

/** pending=1 the queue, pending=0 the handled ones, absent everything. */
export function pendingFilter(status: PgColumn, pending: boolean | undefined): SQL | undefined {
  if (pending === true) return sql`${status} = 'pending'`;
  if (pending === false) return sql`${status} <> 'pending'`;
  return undefined;
}
