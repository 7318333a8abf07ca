import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
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
import { decideIfPending, deskWhere, handler, type ListQuery, type Parties, partyColumns, updateIfPending, viewQueries } from '../pending-items';
import { referenceApprovedColumn } from '../proof-reuse';

/** A user ID with its item, owner, and the create request that says how it was paid for. */
export type UserIdView = UserIdRow &
  Parties & {
    item: { id: number; name: string; website: string; logoKey: string; minDeposit: bigint };
    create: IdRequestRow;
    paymentType: { id: number; name: string } | null;
    pendingRequestTypes: IdRequestRow['type'][];
    /** proof-reuse: another payment with the create's UTR is approved (`create.reuse` holds the tags). */
    reuseApproved: boolean;
  };

/**
 * proof-reuse: whether another payment with a request's UTR is approved (its tags are the
 * row's `reuse`): the views of new IDs and of ID requests select it from `id_requests`.
 */
export const requestReuseApproved = referenceApprovedColumn({
  tags: sql.raw('"id_requests"."reuse"'),
  canonical: sql.raw('"id_requests"."reference_canonical"'),
  selfBill: null,
  selfRequest: sql.raw('"id_requests"."id"'),
});

/** Types of the ID's waiting requests, as "close,deposit" (enum arrays do not parse alike in both drivers). */
const pendingTypes = sql<string>`(select coalesce(string_agg(distinct r.type::text, ','), '')
  from ${idRequests} r where r.user_id_id = "user_ids"."id" and r.status = 'pending' and r.type <> 'create')`;

/** A user ID joined to its create request: every list of new IDs filters on what was paid. */
const withCreate = and(eq(idRequests.userIdId, userIds.id), eq(idRequests.type, 'create'));

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
      ...partyColumns,
      create: idRequests,
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
      pendingTypes,
      reuseApproved: requestReuseApproved,
    })
    .from(userIds)
    .innerJoin(catalogueItems, eq(catalogueItems.id, userIds.itemId))
    .innerJoin(users, eq(users.id, userIds.userId))
    .innerJoin(idRequests, withCreate)
    .leftJoin(paymentTypes, eq(paymentTypes.id, idRequests.paymentTypeId))
    .leftJoin(handler, eq(handler.id, idRequests.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = ({ row, pendingTypes, total: _, ...joined }: ViewRow): UserIdView => ({
  ...row,
  ...joined,
  pendingRequestTypes: pendingTypes === '' ? [] : (pendingTypes.split(',') as IdRequestRow['type'][]),
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

const views = viewQueries({
  id: userIds.id,
  select: selectViews,
  toView,
  where: filterOf,
  // Over the create request too: the amount, reference and type filters read it.
  matching: (db, fields, where) => db.select(fields).from(userIds).innerJoin(idRequests, withCreate).where(where),
});

/** A page of user IDs and its total (the new-ID queue), every one of a customer, a CSV chunk, one. */
export const { list: listUserIdViews, all: allUserIdViews, chunk: userIdChunk, find: findUserIdView } = views;

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
  const { status, adminId, ...change } = decision;
  return decideIfPending(tx, idRequests, and(eq(idRequests.userIdId, userIdId), eq(idRequests.type, 'create')), {
    status,
    adminId,
    change,
  });
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

