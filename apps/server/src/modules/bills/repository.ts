import { and, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bills, type BillRow, paymentTypes, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { withTotal } from '../../lib/pagination';
import { deskWhere, hasDeskFilter, listOrder, type ListQuery, pendingFilter, updateIfPending } from '../pending-items';
import { reuseColumn } from '../proof-reuse';

/** A bill with what its JSON shows of the customer, the payment type, its handler and reuse. */
export type BillView = BillRow & {
  user: { id: number; name: string; email: string; phone: string };
  paymentType: { id: number; name: string };
  handler: { id: number; name: string } | null;
  /** proof-reuse's tags of the other payments with this UTR or a look-alike screenshot. */
  reuse: string | null;
};

const handler = alias(users, 'handler');

const viewColumns = {
  bill: bills,
  user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
  paymentType: { id: paymentTypes.id, name: paymentTypes.name },
  handler: { id: handler.id, name: handler.name },
  reuse: reuseColumn({
    reference: sql.raw('"bills"."reference"'),
    proofKey: sql.raw('"bills"."proof_key"'),
    selfBill: sql.raw('"bills"."id"'),
    selfRequest: null,
  }),
};

/**
 * One statement per page: the customer, payment type and handler joined, reuse a subquery,
 * and for a list page its total (`total`, a count the statement runs once).
 */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({ ...viewColumns, total })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .innerJoin(paymentTypes, eq(paymentTypes.id, bills.paymentTypeId))
    .leftJoin(handler, eq(handler.id, bills.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = (r: ViewRow): BillView => ({
  ...r.bill,
  user: r.user,
  paymentType: r.paymentType,
  handler: r.handler,
  reuse: r.reuse,
});

export type BillFilter = Partial<ListQuery> & { userId?: number };

function filterOf(filter: BillFilter): SQL | undefined {
  return and(
    filter.userId === undefined ? undefined : eq(bills.userId, filter.userId),
    pendingFilter(bills.status, filter.pending),
    filter.timeZone === undefined
      ? undefined
      : deskWhere(
          {
            id: bills.id,
            userId: bills.userId,
            createdAt: bills.createdAt,
            amount: bills.amount,
            reference: bills.reference,
            paymentTypeId: bills.paymentTypeId,
          },
          filter as ListQuery,
        ),
  );
}

export async function listBillViews(
  db: Db,
  filter: BillFilter,
  window: { limit: number; offset: number },
): Promise<{ items: BillView[]; total: number }> {
  const where = filterOf(filter);
  const order = listOrder(bills.id, filter);
  // The page's ids first, from the bills alone: the joins and the reuse subquery then run for
  // the 15 rows shown, not for every row an OFFSET skips.
  // The total rides on the same statement (lib/pagination.ts withTotal).
  const page = db.select({ id: bills.id }).from(bills).where(where).orderBy(order).limit(window.limit).offset(window.offset);
  const { rows, total } = await withTotal(
    selectViews(db, db.$count(bills, where)).where(inArray(bills.id, page)).orderBy(order),
    window,
    () => db.$count(bills, where),
    { filtered: hasDeskFilter(filter) },
  );
  return { items: rows.map(toView), total };
}

/** A chunk of a filtered list after `afterId` in its order, for the CSV export (keyset paging). */
export async function billChunk(db: Db, filter: BillFilter, afterId: number | null, size: number): Promise<BillView[]> {
  const newest = (filter.sort ?? (filter.pending === true ? 'oldest' : 'newest')) === 'newest';
  const after = afterId === null ? undefined : newest ? lt(bills.id, afterId) : gt(bills.id, afterId);
  const rows = await selectViews(db).where(and(filterOf(filter), after)).orderBy(listOrder(bills.id, filter)).limit(size);
  return rows.map(toView);
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

/** Money rule 10: the customer's own pending bill → cancelled, at most once (pending-items). */
export function cancelPendingBill(tx: Tx, id: number, customerId: number): Promise<BillRow | null> {
  return updateIfPending(tx, bills, and(eq(bills.id, id), eq(bills.userId, customerId)), {
    status: 'cancelled',
    handledAt: sql`now()`,
  });
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

