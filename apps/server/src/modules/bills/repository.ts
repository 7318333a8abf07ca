import { and, eq, type SQL, sql } from 'drizzle-orm';
import { bills, type BillRow, idRequests, paymentTypes, transactions, users } from '../../db/schema';
import { recordUpload, type StoredImage } from '../uploads';
import { atomically } from '../../db/atomically';
import { signalTableChanged } from '../../db/change-feed';
import { preparedOnce } from '../../db/plan-cache';
import type { Db, Tx } from '../../db/types';
import type { PendingEntry } from '../ledger';
import { cancelOwnIfPending, decideIfPending, deskWhere, handler, type ListQuery, type Parties, partyColumns, pendingFilter, viewQueries } from '../pending-items';
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
        reference: sql.raw('"bills"."reference"'),
        selfBill: sql.raw('"bills"."id"'),
        selfRequest: null,
      }),
      total,
    })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .innerJoin(paymentTypes, eq(paymentTypes.id, bills.paymentTypeId))
    .leftJoin(handler, eq(handler.id, bills.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

/** The row's own object (fresh per row) takes the joined parts: no copy of 12 fields per row. */
const toView = ({ bill, user, handler, paymentType, reuseApproved }: ViewRow): BillView =>
  Object.assign(bill, { user, handler, paymentType, reuseApproved });

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
  // The reuse flag reads approved bills and ID requests with the same reference.
  tables: [bills, users, paymentTypes, idRequests],
  select: selectViews,
  toView,
  where: filterOf,
  matching: (db, fields, where) => db.select(fields).from(bills).where(where),
});

export const { list: listBillViews, chunk: billChunk, find: findBillView } = views;

/**
 * A deposit's bill and its pending credit's ledger row, in one statement. Every value a
 * placeholder (the bill's, the entry's), so it is built once per database, as a withdrawal's insert.
 */
const insertOf = (db: Db, entry: PendingEntry) =>
  preparedOnce(db, 'deposit insert', (name) => {
    const written = db.$with('written').as(
      db
        .insert(bills)
        .values({
          userId: sql.placeholder('userId'),
          amount: sql.placeholder('amount'),
          paymentTypeId: sql.placeholder('paymentTypeId'),
          reference: sql.placeholder('reference'),
          proofKey: sql.placeholder('proofKey'),
        })
        .returning(),
    );
    const credited = db.$with('credited').as(
      entry.insert(db, { type: 'bill', id: sql`(select ${written.id} from ${written})` }).returning({ id: transactions.id }),
    );
    return db.with(written, credited).select().from(written).prepare(name);
  });

/**
 * Writes a deposit in a transaction (a keyed call's own, joined: db/atomically.ts): the stored
 * screenshot's row with its look-alike search (uploads `recordUpload`), then the bill and its
 * ledger row (`entry`, ledger pendingCreditEntry); the bill's trigger (migration 0025) tags the
 * look-alikes the screenshot's row names. All of it is written or none.
 */
export async function insertBill(
  db: Db,
  values: Pick<BillRow, 'userId' | 'amount' | 'paymentTypeId' | 'reference'>,
  entry: PendingEntry,
  proof: StoredImage,
): Promise<BillRow> {
  signalTableChanged('bills');
  return atomically(db, async (tx) => {
    await recordUpload(tx, proof, values.userId);
    const [row] = await insertOf(tx, entry).execute({ ...values, proofKey: proof.key, ...entry.values });
    return row!;
  });
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

