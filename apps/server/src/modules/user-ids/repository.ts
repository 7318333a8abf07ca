import { and, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  catalogueItems,
  idRequests,
  type IdRequestRow,
  paymentTypes,
  userIds,
  type UserIdRow,
  users,
} from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { withTotal } from '../../lib/pagination';
import { deskWhere, hasDeskFilter, listOrder, type ListQuery, updateIfPending } from '../pending-items';
import { reuseColumn } from '../proof-reuse';

/** A user ID with its item, owner, and the create request that says how it was paid for. */
export type UserIdView = UserIdRow & {
  item: { id: number; name: string; website: string; logoKey: string; minDeposit: bigint };
  user: { id: number; name: string; email: string; phone: string };
  create: IdRequestRow;
  paymentType: { id: number; name: string } | null;
  pendingRequestTypes: IdRequestRow['type'][];
  handler: { id: number; name: string } | null;
  /** proof-reuse's tags (other uses of the create payment's UTR or screenshot); null when none. */
  reuse: string | null;
};

const handler = alias(users, 'handler');

/** Types of the ID's waiting requests, as "close,deposit" (enum arrays do not parse alike in both drivers). */
const pendingTypes = sql<string>`(select coalesce(string_agg(distinct r.type::text, ','), '')
  from ${idRequests} r where r.user_id_id = "user_ids"."id" and r.status = 'pending' and r.type <> 'create')`;

/** For a list page the select also carries its total (a count the statement runs once). */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({
      total,
      row: userIds,
      item: {
        id: catalogueItems.id,
        name: catalogueItems.name,
        website: catalogueItems.website,
        logoKey: catalogueItems.logoKey,
        minDeposit: catalogueItems.minDeposit,
      },
      user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
      create: idRequests,
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
      pendingTypes,
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
    .from(userIds)
    .innerJoin(catalogueItems, eq(catalogueItems.id, userIds.itemId))
    .innerJoin(users, eq(users.id, userIds.userId))
    .innerJoin(idRequests, and(eq(idRequests.userIdId, userIds.id), eq(idRequests.type, 'create')))
    .leftJoin(paymentTypes, eq(paymentTypes.id, idRequests.paymentTypeId))
    .leftJoin(handler, eq(handler.id, idRequests.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = (r: ViewRow): UserIdView => ({
  ...r.row,
  item: r.item,
  user: r.user,
  create: r.create,
  paymentType: r.paymentType,
  pendingRequestTypes: r.pendingTypes === '' ? [] : (r.pendingTypes.split(',') as IdRequestRow['type'][]),
  handler: r.handler,
  reuse: r.reuse,
});

export type UserIdFilter = Partial<ListQuery> & { userId?: number };

/** The desk filters read the create request: what was paid, how, with which reference. */
function filterOf(filter: UserIdFilter): SQL | undefined {
  const { userId, pending } = filter;
  return and(
    filter.timeZone === undefined
      ? undefined
      : deskWhere(
          {
            id: userIds.id,
            userId: userIds.userId,
            createdAt: userIds.createdAt,
            amount: idRequests.amount,
            reference: idRequests.reference,
            paymentTypeId: idRequests.paymentTypeId,
          },
          filter as ListQuery,
        ),
    userId === undefined ? undefined : eq(userIds.userId, userId),
    pending === true ? eq(userIds.status, 'pending') : undefined,
    pending === false ? ne(userIds.status, 'pending') : undefined,
  );
}

/** A page of user IDs and its total; without a window, every matching one (a customer's own). */
export async function listUserIdViews(
  db: Db,
  filter: UserIdFilter,
  window?: { limit: number; offset: number },
): Promise<{ items: UserIdView[]; total: number }> {
  const where = filterOf(filter);
  const order = listOrder(userIds.id, filter);
  if (!window) {
    const rows = await selectViews(db).where(where).orderBy(order);
    return { items: rows.map(toView), total: rows.length };
  }
  // The page's ids first: the joins and subqueries run for the rows shown, not the skipped ones.
  const page = db
    .select({ id: userIds.id })
    .from(userIds)
    .innerJoin(idRequests, and(eq(idRequests.userIdId, userIds.id), eq(idRequests.type, 'create')))
    .where(where)
    .orderBy(order)
    .limit(window.limit)
    .offset(window.offset);
  // Counted over the create request too: the amount, reference and type filters read it. The
  // count rides on the page's statement (lib/pagination.ts withTotal).
  const count = db
    .select({ total: sql<number>`count(*)::int` })
    .from(userIds)
    .innerJoin(idRequests, and(eq(idRequests.userIdId, userIds.id), eq(idRequests.type, 'create')))
    .where(where);
  const { rows, total } = await withTotal(
    selectViews(db, sql<number>`(${count})`.mapWith(Number)).where(inArray(userIds.id, page)).orderBy(order),
    window,
    async () => (await count)[0]?.total ?? 0,
    { filtered: hasDeskFilter(filter) },
  );
  return { items: rows.map(toView), total };
}

/** A chunk of a filtered list after `afterId` in its order, for the CSV export (keyset paging). */
export async function userIdChunk(db: Db, filter: UserIdFilter, afterId: number | null, size: number) {
  const newest = (filter.sort ?? (filter.pending === true ? 'oldest' : 'newest')) === 'newest';
  const after = afterId === null ? undefined : newest ? lt(userIds.id, afterId) : gt(userIds.id, afterId);
  const rows = await selectViews(db).where(and(filterOf(filter), after)).orderBy(listOrder(userIds.id, filter)).limit(size);
  return rows.map(toView);
}

export async function findUserIdView(db: Db, id: number): Promise<UserIdView | null> {
  const rows = await selectViews(db).where(eq(userIds.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

export async function insertUserId(
  tx: Tx,
  values: Pick<UserIdRow, 'userId' | 'itemId' | 'username'>,
): Promise<UserIdRow> {
  const rows = await tx.insert(userIds).values(values).returning();
  return rows[0]!;
}

/**
 * Locks the user ID: request creation checks its status under this lock, and approving a
 * close changes it, so a request can never slip onto an ID that is being closed.
 */
export async function findUserIdForUpdate(tx: Tx, id: number): Promise<UserIdRow | null> {
  const rows = await tx.select().from(userIds).where(eq(userIds.id, id)).for('update');
  return rows[0] ?? null;
}

/** pending → active/rejected at most once (money rule 6); null when it was not pending. */
export function decidePendingUserId(
  tx: Tx,
  id: number,
  change: { status: 'active' | 'rejected'; loginSealed?: string; passwordSealed?: string },
): Promise<UserIdRow | null> {
  return updateIfPending(tx, userIds, eq(userIds.id, id), { ...change, updatedAt: sql`now()` });
}

/** Money rule 10: the customer's own pending new ID → cancelled, at most once. */
export function cancelPendingUserId(tx: Tx, id: number, customerId: number): Promise<UserIdRow | null> {
  return updateIfPending(tx, userIds, and(eq(userIds.id, id), eq(userIds.userId, customerId)), {
    status: 'cancelled',
    updatedAt: sql`now()`,
  });
}

/** The create request is cancelled with its new ID. */
export function cancelCreateRequest(tx: Tx, userIdId: number): Promise<IdRequestRow | null> {
  return updateIfPending(tx, idRequests, and(eq(idRequests.userIdId, userIdId), eq(idRequests.type, 'create')), {
    status: 'cancelled',
    handledAt: sql`now()`,
  });
}

/** The create request says how a new ID is paid for; it is written and decided with the ID. */
export async function insertCreateRequest(
  tx: Tx,
  values: Pick<IdRequestRow, 'userIdId' | 'userId'> &
    Partial<Pick<IdRequestRow, 'amount' | 'payFrom' | 'paymentTypeId' | 'reference' | 'proofKey'>>,
): Promise<IdRequestRow> {
  const rows = await tx
    .insert(idRequests)
    .values({ ...values, type: 'create' })
    .returning();
  return rows[0]!;
}

/** The user ID's create request leaves `pending` with it (money rule 6). */
export function decideCreateRequest(
  tx: Tx,
  userIdId: number,
  decision: { status: 'approved' | 'rejected'; adminId: number; comment: string | null; confirmedAmount: bigint | null },
): Promise<IdRequestRow | null> {
  const { adminId, ...rest } = decision;
  return updateIfPending(
    tx,
    idRequests,
    and(eq(idRequests.userIdId, userIdId), eq(idRequests.type, 'create')),
    { ...rest, handledBy: adminId, handledAt: sql`now()` },
  );
}

export async function updateUserId(
  tx: Tx,
  id: number,
  values: Partial<Pick<UserIdRow, 'status' | 'passwordSealed'>>,
): Promise<UserIdRow> {
  const rows = await tx
    .update(userIds)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(userIds.id, id))
    .returning();
  return rows[0]!;
}

