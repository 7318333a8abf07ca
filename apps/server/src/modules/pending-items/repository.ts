import { and, eq, ne, type SQL } from 'drizzle-orm';
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

/** pending=1 the queue, pending=0 the handled ones, absent everything. */
export function pendingFilter(status: PgColumn, pending: boolean | undefined): SQL | undefined {
  if (pending === true) return eq(status, 'pending');
  if (pending === false) return ne(status, 'pending');
  return undefined;
}
