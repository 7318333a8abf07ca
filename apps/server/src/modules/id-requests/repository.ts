import { and, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { catalogueItems, idRequests, type IdRequestRow, paymentTypes, userIds, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { withTotal } from '../../lib/pagination';
import { deskWhere, hasDeskFilter, listOrder, type ListQuery, updateIfPending } from '../pending-items';
import { reuseColumn } from '../proof-reuse';

/** A request with the user ID it concerns (`id_object`), its item, customer and payment type. */
export type IdRequestView = IdRequestRow & {
  idObject: { id: number; username: string; status: (typeof userIds.$inferSelect)['status'] };
  /** The ID's real login, sealed (staff views open it). */
  idLoginSealed: string | null;
  item: { id: number; name: string; website: string; logoKey: string };
  user: { id: number; name: string; email: string; phone: string };
  paymentType: { id: number; name: string } | null;
  handler: { id: number; name: string } | null;
  /** proof-reuse's tags (a payment's other uses of its UTR or screenshot); null when none. */
  reuse: string | null;
};

const handler = alias(users, 'handler');

/** For a list page the select also carries its total (a count the statement runs once). */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({
      total,
      row: idRequests,
      idObject: { id: userIds.id, username: userIds.username, status: userIds.status },
      idLoginSealed: userIds.loginSealed,
      item: { id: catalogueItems.id, name: catalogueItems.name, website: catalogueItems.website, logoKey: catalogueItems.logoKey },
      user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
      handler: { id: handler.id, name: handler.name },
      reuse: sql<string | null>`case when "id_requests"."reference" is null and "id_requests"."proof_key" is null then null else ${reuseColumn(
        {
          reference: sql.raw('"id_requests"."reference"'),
          proofKey: sql.raw('"id_requests"."proof_key"'),
          selfBill: null,
          selfRequest: sql.raw('"id_requests"."id"'),
        },
      )} end`,
    })
    .from(idRequests)
    .innerJoin(userIds, eq(userIds.id, idRequests.userIdId))
    .innerJoin(catalogueItems, eq(catalogueItems.id, userIds.itemId))
    .innerJoin(users, eq(users.id, idRequests.userId))
    .leftJoin(paymentTypes, eq(paymentTypes.id, idRequests.paymentTypeId))
    .leftJoin(handler, eq(handler.id, idRequests.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = (r: ViewRow): IdRequestView => ({
  ...r.row,
  idObject: r.idObject,
  idLoginSealed: r.idLoginSealed,
  item: r.item,
  user: r.user,
  paymentType: r.paymentType,
  handler: r.handler,
  reuse: r.reuse,
});

/**
 * `userId`/`userIdId`: one customer's or one ID's requests (history, create included).
 * `queue`: the admin's request queues — no create requests (new IDs have their own queue),
 * and the done list (pending=false) hides requests whose ID is still pending (SPEC.md §4).
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

export async function listRequestViews(
  db: Db,
  filter: IdRequestFilter,
  window: { limit: number; offset: number },
): Promise<{ items: IdRequestView[]; total: number }> {
  const where = filterOf(filter);
  const order = listOrder(idRequests.id, filter);
  // The page's ids first: the joins and subqueries run for the rows shown, not the skipped ones.
  const page = db
    .select({ id: idRequests.id })
    .from(idRequests)
    .innerJoin(userIds, eq(userIds.id, idRequests.userIdId))
    .where(where)
    .orderBy(order)
    .limit(window.limit)
    .offset(window.offset);
  // Counted over the same join: the done list's filter looks at the ID's status. The count
  // rides on the page's statement (lib/pagination.ts withTotal).
  const count = db
    .select({ total: sql<number>`count(*)::int` })
    .from(idRequests)
    .innerJoin(userIds, eq(userIds.id, idRequests.userIdId))
    .where(where);
  const { rows, total } = await withTotal(
    selectViews(db, sql<number>`(${count})`.mapWith(Number)).where(inArray(idRequests.id, page)).orderBy(order),
    window,
    async () => (await count)[0]?.total ?? 0,
    { filtered: hasDeskFilter(filter) },
  );
  return { items: rows.map(toView), total };
}

/** A chunk of a filtered list after `afterId` in its order, for the CSV export (keyset paging). */
export async function requestChunk(db: Db, filter: IdRequestFilter, afterId: number | null, size: number) {
  const newest = (filter.sort ?? (filter.pending === true ? 'oldest' : 'newest')) === 'newest';
  const after = afterId === null ? undefined : newest ? lt(idRequests.id, afterId) : gt(idRequests.id, afterId);
  const rows = await selectViews(db)
    .where(and(filterOf(filter), after))
    .orderBy(listOrder(idRequests.id, filter))
    .limit(size);
  return rows.map(toView);
}

export async function findRequestView(db: Db, id: number): Promise<IdRequestView | null> {
  const rows = await selectViews(db).where(eq(idRequests.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

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
export function cancelPendingRequest(tx: Tx, id: number, customerId: number): Promise<IdRequestRow | null> {
  return updateIfPending(
    tx,
    idRequests,
    and(eq(idRequests.id, id), eq(idRequests.userId, customerId), ne(idRequests.type, 'create')),
    { status: 'cancelled', handledAt: sql`now()` },
  );
}

/** Money rule 6: pending → approved/rejected at most once (pending-items). */
export function decidePendingRequest(tx: Tx, id: number, decision: RequestDecision): Promise<IdRequestRow | null> {
  const { adminId, ...rest } = decision;
  return updateIfPending(tx, idRequests, eq(idRequests.id, id), { ...rest, handledBy: adminId, handledAt: sql`now()` });
}

