import { and, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users, withdrawals, type WithdrawalRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { withTotal } from '../../lib/pagination';
import { deskWhere, hasDeskFilter, listOrder, type ListQuery, pendingFilter, updateIfPending } from '../pending-items';

export type WithdrawalView = WithdrawalRow & {
  user: { id: number; name: string; email: string; phone: string };
  handler: { id: number; name: string } | null;
};

const handler = alias(users, 'handler');

/** A withdrawal with its customer and handler; for a list page also its total (run once). */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({
      withdrawal: withdrawals,
      user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
      handler: { id: handler.id, name: handler.name },
      total,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(handler, eq(handler.id, withdrawals.handledBy));

const toView = (r: {
  withdrawal: WithdrawalRow;
  user: WithdrawalView['user'];
  handler: WithdrawalView['handler'];
}): WithdrawalView => ({
  ...r.withdrawal,
  user: r.user,
  handler: r.handler,
});

/** The queue's filters; a withdrawal has no payment type, and its reference is the payout's. */
function filterOf(query: ListQuery): SQL | undefined {
  return and(
    pendingFilter(withdrawals.status, query.pending),
    deskWhere(
      {
        id: withdrawals.id,
        userId: withdrawals.userId,
        createdAt: withdrawals.createdAt,
        amount: withdrawals.amount,
        reference: withdrawals.payoutReference,
      },
      query,
    ),
  );
}

export async function listWithdrawalViews(
  db: Db,
  query: ListQuery,
  window: { limit: number; offset: number },
): Promise<{ items: WithdrawalView[]; total: number }> {
  const where = filterOf(query);
  // One statement: the page and its total (lib/pagination.ts withTotal).
  const { rows, total } = await withTotal(
    selectViews(db, db.$count(withdrawals, where))
      .where(where)
      .orderBy(listOrder(withdrawals.id, query))
      .limit(window.limit)
      .offset(window.offset),
    window,
    () => db.$count(withdrawals, where),
    { filtered: hasDeskFilter(query) },
  );
  return { items: rows.map(toView), total };
}

/** A chunk of a filtered list after `afterId` in its order, for the CSV export (keyset paging). */
export async function withdrawalChunk(db: Db, query: ListQuery, afterId: number | null, size: number) {
  const newest = (query.sort ?? (query.pending === true ? 'oldest' : 'newest')) === 'newest';
  const after = afterId === null ? undefined : newest ? lt(withdrawals.id, afterId) : gt(withdrawals.id, afterId);
  const rows = await selectViews(db)
    .where(and(filterOf(query), after))
    .orderBy(listOrder(withdrawals.id, query))
    .limit(size);
  return rows.map(toView);
}

export async function findWithdrawalView(db: Db, id: number): Promise<WithdrawalView | null> {
  const rows = await selectViews(db).where(eq(withdrawals.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

export type NewWithdrawal = Pick<
  WithdrawalRow,
  'userId' | 'amount' | 'method' | 'upiId' | 'accountHolder' | 'accountNumber' | 'ifsc'
>;

export async function insertWithdrawal(tx: Tx, values: NewWithdrawal): Promise<WithdrawalRow> {
  const rows = await tx.insert(withdrawals).values(values).returning();
  return rows[0]!;
}

/** Money rule 10: the customer's own pending withdrawal → cancelled, at most once. */
export function cancelPendingWithdrawal(tx: Tx, id: number, customerId: number): Promise<WithdrawalRow | null> {
  return updateIfPending(tx, withdrawals, and(eq(withdrawals.id, id), eq(withdrawals.userId, customerId)), {
    status: 'cancelled',
    handledAt: sql`now()`,
  });
}

/**
 * Rule 8's daily payout total: the customer's withdrawals asked for today (waiting or paid;
 * rejected and cancelled ones do not count), today being the calendar day in `timeZone`.
 */
export async function payoutsToday(tx: Tx, userId: number, timeZone: string): Promise<bigint> {
  const rows = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, ['pending', 'approved']),
        sql`${withdrawals.createdAt} >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`,
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

/** Money rule 6, as for bills: pending → approved/rejected at most once (pending-items). */
export function handlePendingWithdrawal(
  tx: Tx,
  id: number,
  change: {
    status: 'approved' | 'rejected';
    adminId: number;
    comment: string | null;
    payoutReference: string | null;
    payoutProofKey: string | null;
  },
): Promise<WithdrawalRow | null> {
  return updateIfPending(tx, withdrawals, eq(withdrawals.id, id), {
    status: change.status,
    handledBy: change.adminId,
    comment: change.comment,
    payoutReference: change.payoutReference,
    payoutProofKey: change.payoutProofKey,
    handledAt: sql`now()`,
  });
}

