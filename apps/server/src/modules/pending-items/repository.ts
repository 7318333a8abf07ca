import { QUEUE_CLAIM_SECONDS } from '@iddesk/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/types';

/**
 * A table of things an admin handles once: bills, withdrawals, ID requests, user IDs; each row
 * carries its claim (schema/queue-claims.ts).
 */
export type PendingTable = PgTable & { status: PgColumn; claimedBy: PgColumn; claimedUntil: PgColumn };

/**
 * Issue 55 item 2 (docs/product.md#claims): nobody else holds the item — no claim, the
 * `claimant`'s own, or one that has expired.
 */
export const claimFree = (table: PendingTable, claimant: number | SQL): SQL =>
  sql`(${table.claimedBy} is null or ${table.claimedBy} = ${claimant} or ${table.claimedUntil} <= now())`;

/**
 * Money rule 6: pending → handled at most once. Concurrent handlers of one item queue on its
 * row lock; the losers find it no longer pending and get null. `target` names the row. With a
 * `claimant` (a staff decision) the item must also be free for them (`claimFree`), in the same
 * statement; null when another holds it. Whatever leaves `pending` leaves its claim.
 */
export async function updateIfPending<T extends PendingTable>(
  tx: Tx,
  table: T,
  target: SQL | undefined,
  set: PgUpdateSetSource<T>,
  claimant?: number | SQL,
): Promise<T['$inferSelect'] | null> {
  const released = { claimedBy: null, claimedUntil: null } as PgUpdateSetSource<T>;
  const rows = (await tx
    .update(table)
    .set({ ...set, ...released })
    .where(and(target, eq(table.status, 'pending'), claimant === undefined ? undefined : claimFree(table, claimant)))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}

/** A queue table whose rows staff claim by id. */
export type ClaimTable = PendingTable & { id: PgColumn };

/**
 * Claims (or renews) a pending item for `claimant` for QUEUE_CLAIM_SECONDS, in one statement,
 * when it is free for them (`claimFree`); `only` narrows what may be claimed. Concurrent claims
 * queue on the row lock and the later one re-reads it: exactly one of two staff wins. Answers
 * the claim's end, null when it was not claimed.
 */
export async function claimIfFree(db: Db, table: ClaimTable, id: number, claimant: number, only?: SQL): Promise<Date | null> {
  const set = { claimedBy: claimant, claimedUntil: sql`now() + make_interval(secs => ${QUEUE_CLAIM_SECONDS})` } as PgUpdateSetSource<ClaimTable>;
  const rows = (await db
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(table.status, 'pending'), claimFree(table, claimant), only))
    .returning({ until: table.claimedUntil })) as { until: Date }[];
  return rows[0]?.until ?? null;
}

/** Clears the item's claim if `holder` holds it (live or not); whether it did. */
export async function releaseIfHeld(db: Db, table: ClaimTable, id: number, holder: number): Promise<boolean> {
  const set = { claimedBy: null, claimedUntil: null } as PgUpdateSetSource<ClaimTable>;
  const rows = await db
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(table.claimedBy, holder)))
    .returning({ id: table.id });
  return rows.length > 0;
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
 * the kind's own columns (`change`); null when it was no longer pending or another staff member
 * holds it (issue 55 item 2).
 */
export function decideIfPending<T extends HandledTable>(
  tx: Tx,
  table: T,
  target: SQL | undefined,
  decision: Decided<T>,
) {
  return updateIfPending(tx, table, target, decisionSet(decision), decision.adminId);
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
