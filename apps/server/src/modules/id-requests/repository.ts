import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { catalogueItems, idRequests, type IdRequestRow, paymentTypes, userIds, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { cancelOwnIfPending, decideIfPending, deskWhere, handler, type ListQuery, type Parties, partyColumns, viewQueries } from '../pending-items';
import { requestReuseApproved } from '../customer-ids';

/** A request with the user ID it concerns (`id_object`), its item, customer and payment type. */
export type IdRequestView = IdRequestRow &
  Parties & {
    idObject: { id: number; username: string; status: (typeof userIds.$inferSelect)['status'] };
    /** The ID's real login, sealed (staff views open it). */
    idLoginSealed: string | null;
    item: { id: number; name: string; website: string; logoKey: string };
    paymentType: { id: number; name: string } | null;
    /** proof-reuse: another payment with this UTR is approved (`reuse` holds the tags). */
    reuseApproved: boolean;
  };

/** For a list page the select also carries its total (a count the statement runs once). */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({
      total,
      row: idRequests,
      idObject: { id: userIds.id, username: userIds.username, status: userIds.status },
      idLoginSealed: userIds.loginSealed,
      item: { id: catalogueItems.id, name: catalogueItems.name, website: catalogueItems.website, logoKey: catalogueItems.logoKey },
      ...partyColumns,
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
      reuseApproved: requestReuseApproved,
    })
    .from(idRequests)
    .innerJoin(userIds, eq(userIds.id, idRequests.userIdId))
    .innerJoin(catalogueItems, eq(catalogueItems.id, userIds.itemId))
    .innerJoin(users, eq(users.id, idRequests.userId))
    .leftJoin(paymentTypes, eq(paymentTypes.id, idRequests.paymentTypeId))
    .leftJoin(handler, eq(handler.id, idRequests.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = ({ row, total: _, ...joined }: ViewRow): IdRequestView => ({ ...row, ...joined });

/**
 * `userId`/`userIdId`: one customer's or one ID's requests (history, create included).
 * `queue`: the admin's request queues — no create requests (new IDs have their own queue),
 * and the done list (pending=false) hides requests whose ID is still pending (docs/product.md#staff-desk).
 */
export type IdRequestFilter = Partial<ListQuery> & {
  userId?: number;
  userIdId?: number;
  queue?: boolean;
};

function filterOf(filter: IdRequestFilter): SQL | undefined {
  const { userId, userIdId, queue, pending } = filter;
  return and(
    filter.timeZone === undefined
      ? undefined
      : deskWhere(
          {
            id: idRequests.id,
            userId: idRequests.userId,
            createdAt: idRequests.createdAt,
            amount: idRequests.amount,
            reference: idRequests.reference,
            paymentTypeId: idRequests.paymentTypeId,
          },
          filter as ListQuery,
        ),
    userId === undefined ? undefined : eq(idRequests.userId, userId),
    userIdId === undefined ? undefined : eq(idRequests.userIdId, userIdId),
    queue ? ne(idRequests.type, 'create') : undefined,
    pending === true ? eq(idRequests.status, 'pending') : undefined,
    pending === false ? ne(idRequests.status, 'pending') : undefined,
    pending === false && queue ? ne(userIds.status, 'pending') : undefined,
  );
}

export const {
  list: listRequestViews,
  chunk: requestChunk,
  find: findRequestView,
} = viewQueries({
  id: idRequests.id,
  select: selectViews,
  toView,
  where: filterOf,
  // Over the ID too: the done list's filter looks at the ID's status.
  matching: (db, fields, where) =>
    db.select(fields).from(idRequests).innerJoin(userIds, eq(userIds.id, idRequests.userIdId)).where(where),
});

export type NewIdRequest = Pick<IdRequestRow, 'userIdId' | 'userId' | 'type'> &
  Partial<Pick<IdRequestRow, 'amount' | 'payFrom' | 'paymentTypeId' | 'reference' | 'proofKey' | 'passwordSealed'>>;

export async function insertRequest(tx: Tx, values: NewIdRequest): Promise<IdRequestRow> {
  const rows = await tx.insert(idRequests).values(values).returning();
  return rows[0]!;
}

/** A waiting request of this type on the ID, if any. */
export async function findPendingOfType(tx: Tx, userIdId: number, type: IdRequestRow['type']) {
  const rows = await tx
    .select({ id: idRequests.id })
    .from(idRequests)
    .where(and(eq(idRequests.userIdId, userIdId), eq(idRequests.type, type), eq(idRequests.status, 'pending')))
    .limit(1);
  return rows[0] ?? null;
}

export type RequestDecision = {
  status: 'approved' | 'rejected';
  adminId: number;
  comment: string | null;
  confirmedAmount?: bigint | null;
  passwordSealed?: string | null;
};

/** The request row alone (no joins), for the cancel's lock order. */
export async function findRequestRow(tx: Tx, id: number): Promise<IdRequestRow | null> {
  const rows = await tx.select().from(idRequests).where(eq(idRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Money rule 10: the customer's own pending request → cancelled, at most once. */
export const cancelPendingRequest = (tx: Tx, id: number, customerId: number): Promise<IdRequestRow | null> =>
  cancelOwnIfPending(tx, idRequests, id, customerId, ne(idRequests.type, 'create'));

/** Money rule 6: pending → approved/rejected at most once (pending-items). */
export function decidePendingRequest(tx: Tx, id: number, decision: RequestDecision): Promise<IdRequestRow | null> {
  const { status, adminId, ...change } = decision;
  return decideIfPending(tx, idRequests, eq(idRequests.id, id), { status, adminId, change });
}

