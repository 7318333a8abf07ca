import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { bills, type BillRow, paymentTypes, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { pendingFilter, updateIfPending } from '../pending-items';

/** A bill with what its JSON shows of the customer and the payment type. */
export type BillView = BillRow & {
  user: { id: number; name: string; email: string; phone: string };
  paymentType: { id: number; name: string };
};

const viewColumns = {
  bill: bills,
  user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
  paymentType: { id: paymentTypes.id, name: paymentTypes.name },
};

const selectViews = (db: Db) =>
  db
    .select(viewColumns)
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .innerJoin(paymentTypes, eq(paymentTypes.id, bills.paymentTypeId));

const toView = (r: { bill: BillRow; user: BillView['user']; paymentType: BillView['paymentType'] }): BillView => ({
  ...r.bill,
  user: r.user,
  paymentType: r.paymentType,
});

export type BillFilter = { userId?: number; pending?: boolean | undefined };

function filterOf({ userId, pending }: BillFilter): SQL | undefined {
  return and(
    userId === undefined ? undefined : eq(bills.userId, userId),
    pendingFilter(bills.status, pending),
  );
}

export async function listBillViews(
  db: Db,
  filter: BillFilter,
  window: { limit: number; offset: number },
): Promise<{ items: BillView[]; total: number }> {
  const where = filterOf(filter);
  const [rows, total] = await Promise.all([
    selectViews(db).where(where).orderBy(desc(bills.id)).limit(window.limit).offset(window.offset),
    db.$count(bills, where),
  ]);
  return { items: rows.map(toView), total };
}

export async function findBillView(db: Db, id: number): Promise<BillView | null> {
  const rows = await selectViews(db).where(eq(bills.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

export async function insertBill(
  tx: Tx,
  values: Pick<BillRow, 'userId' | 'amount' | 'paymentTypeId' | 'reference' | 'proofKey'>,
): Promise<BillRow> {
  const rows = await tx.insert(bills).values(values).returning();
  return rows[0]!;
}

/** Money rule 6: pending → approved/rejected at most once (pending-items). */
export function handlePendingBill(
  tx: Tx,
  id: number,
  change: { status: 'approved' | 'rejected'; adminId: number; comment: string | null },
): Promise<BillRow | null> {
  return updateIfPending(tx, bills, eq(bills.id, id), {
    status: change.status,
    handledBy: change.adminId,
    comment: change.comment,
    handledAt: sql`now()`,
  });
}

export async function billExists(db: Db, id: number): Promise<boolean> {
  return (await db.$count(bills, eq(bills.id, id))) > 0;
}
