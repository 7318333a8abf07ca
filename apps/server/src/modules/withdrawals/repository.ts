import { desc, eq, sql } from 'drizzle-orm';
import { users, withdrawals, type WithdrawalRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { pendingFilter, updateIfPending } from '../pending-items';

export type WithdrawalView = WithdrawalRow & {
  user: { id: number; name: string; email: string; phone: string };
};

const selectViews = (db: Db) =>
  db
    .select({
      withdrawal: withdrawals,
      user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId));

const toView = (r: { withdrawal: WithdrawalRow; user: WithdrawalView['user'] }): WithdrawalView => ({
  ...r.withdrawal,
  user: r.user,
});

export async function listWithdrawalViews(
  db: Db,
  pending: boolean | undefined,
  window: { limit: number; offset: number },
): Promise<{ items: WithdrawalView[]; total: number }> {
  const where = pendingFilter(withdrawals.status, pending);
  const [rows, total] = await Promise.all([
    selectViews(db).where(where).orderBy(desc(withdrawals.id)).limit(window.limit).offset(window.offset),
    db.$count(withdrawals, where),
  ]);
  return { items: rows.map(toView), total };
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

export async function withdrawalExists(db: Db, id: number): Promise<boolean> {
  return (await db.$count(withdrawals, eq(withdrawals.id, id))) > 0;
}
