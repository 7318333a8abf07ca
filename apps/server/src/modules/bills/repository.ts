import { and, eq, type SQL, sql } from 'drizzle-orm';
import { bills, type BillRow, paymentTypes, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import type { ScreenshotReading } from '../../lib/screenshot-text';
import { cancelOwnIfPending, decideIfPending, deskWhere, claimJoin, claimOf, claimer, handler, type ListQuery, type Parties, partyColumns, pendingFilter, viewQueries } from '../pending-items';
import { referenceApprovedColumn } from '../proof-reuse';

/** A bill with what its JSON shows of the customer, the payment type, its handler and reuse. */
export type BillView = BillRow &
  Parties & {
    paymentType: { id: number; name: string };
    /** proof-reuse: another payment with this bill's UTR is approved (`reuse` holds the tags). */
    reuseApproved: boolean;
  };

/**
 * One statement per page: the customer, payment type and handler joined, the reuse tags read
 * from the row (issue 19), and for a list page its total (`total`, a count the statement runs once).
 */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({
      bill: bills,
      ...partyColumns,
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
      reuseApproved: referenceApprovedColumn({
        tags: sql.raw('"bills"."reuse"'),
        canonical: sql.raw('"bills"."reference_canonical"'),
        selfBill: sql.raw('"bills"."id"'),
        selfRequest: null,
      }),
      total,
    })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .innerJoin(paymentTypes, eq(paymentTypes.id, bills.paymentTypeId))
    .leftJoin(handler, eq(handler.id, bills.handledBy))
    .leftJoin(claimer, claimJoin(bills));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

/** The row's own object (fresh per row) takes the joined parts: no copy of 12 fields per row. */
const toView = ({ bill, user, handler, claimer, paymentType, reuseApproved }: ViewRow): BillView =>
  Object.assign(bill, { user, handler, claim: claimOf(bill, claimer), paymentType, reuseApproved });

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

const views = viewQueries({
  id: bills.id,
  select: selectViews,
  toView,
  where: filterOf,
  matching: (db, fields, where) => db.select(fields).from(bills).where(where),
});

export const { list: listBillViews, chunk: billChunk, find: findBillView } = views;

/** Staff claim a bill on its own row (issue 55 item 2). */
export const billClaims = { table: bills };

/** A new pending bill (add funds); the ledger row and the screenshot's row are the caller's. */
export async function insertBill(tx: Tx, values: Pick<BillRow, 'userId' | 'amount' | 'paymentTypeId' | 'reference' | 'proofKey'>): Promise<BillRow> {
  const [row] = await tx.insert(bills).values(values).returning();
  return row!;
}

/** Money rule 10: the customer's own pending bill → cancelled, at most once (pending-items). */
export const cancelPendingBill = (tx: Tx, id: number, customerId: number): Promise<BillRow | null> =>
  cancelOwnIfPending(tx, bills, id, customerId);

/** Money rule 6: pending → approved/rejected at most once (pending-items). */
export function handlePendingBill(
  tx: Tx,
  id: number,
  { comment, ...decision }: { status: 'approved' | 'rejected'; adminId: number; comment: string | null },
): Promise<BillRow | null> {
  return decideIfPending(tx, bills, eq(bills.id, id), { ...decision, change: { comment } });
}


/** A bill's screenshot to read: its key, while it has no reading yet. */
export async function screenshotToRead(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ proofKey: bills.proofKey })
    .from(bills)
    .where(and(eq(bills.id, id), sql`${bills.screenshotReadAt} is null`));
  return row?.proofKey ?? null;
}

/** What the screenshot says, stored once (a second reading of the same bill changes nothing). */
export async function storeScreenshotReading(db: Db, id: number, reading: ScreenshotReading): Promise<void> {
  await db
    .update(bills)
    .set({ screenshotAmount: reading.amount, screenshotReference: reading.reference, screenshotReadAt: sql`now()` })
    .where(and(eq(bills.id, id), sql`${bills.screenshotReadAt} is null`));
}

/** Pending bills whose screenshot was never read (a server stopped before it read them), oldest first. */
export async function unreadPendingBills(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.status, 'pending'), sql`${bills.screenshotReadAt} is null`))
    .orderBy(bills.id)
    .limit(limit);
  return rows.map((row) => row.id);
}
