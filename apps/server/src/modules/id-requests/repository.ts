import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { catalogueItems, idRequests, type IdRequestRow, paymentTypes, userIds, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { updateIfPending } from '../pending-items';

/** A request with the user ID it concerns (`id_object`), its item, customer and payment type. */
export type IdRequestView = IdRequestRow & {
  idObject: { id: number; username: string; status: (typeof userIds.$inferSelect)['status'] };
  item: { id: number; name: string; website: string; logoKey: string };
  user: { id: number; name: string; email: string; phone: string };
  paymentType: { id: number; name: string } | null;
};

const selectViews = (db: Db) =>
  db
    .select({
      row: idRequests,
      idObject: { id: userIds.id, username: userIds.username, status: userIds.status },
      item: { id: catalogueItems.id, name: catalogueItems.name, website: catalogueItems.website, logoKey: catalogueItems.logoKey },
      user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
    })
    .from(idRequests)
    .innerJoin(userIds, eq(userIds.id, idRequests.userIdId))
    .innerJoin(catalogueItems, eq(catalogueItems.id, userIds.itemId))
    .innerJoin(users, eq(users.id, idRequests.userId))
    .leftJoin(paymentTypes, eq(paymentTypes.id, idRequests.paymentTypeId));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = (r: ViewRow): IdRequestView => ({
  ...r.row,
  idObject: r.idObject,
  item: r.item,
  user: r.user,
  paymentType: r.paymentType,
});

/**
 * `userId`/`userIdId`: one customer's or one ID's requests (history, create included).
 * `queue`: the admin's request queues — no create requests (new IDs have their own queue),
 * and the done list (pending=false) hides requests whose ID is still pending (SPEC.md §4).
 */
export type IdRequestFilter = {
  userId?: number;
  userIdId?: number;
  queue?: boolean;
  pending?: boolean | undefined;
};

function filterOf({ userId, userIdId, queue, pending }: IdRequestFilter): SQL | undefined {
  return and(
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
  const [rows, [count]] = await Promise.all([
    selectViews(db).where(where).orderBy(desc(idRequests.id)).limit(window.limit).offset(window.offset),
    // Counted over the same join: the done list's filter looks at the ID's status.
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(idRequests)
      .innerJoin(userIds, eq(userIds.id, idRequests.userIdId))
      .where(where),
  ]);
  return { items: rows.map(toView), total: count?.total ?? 0 };
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

/** Money rule 6: pending → approved/rejected at most once (pending-items). */
export function decidePendingRequest(tx: Tx, id: number, decision: RequestDecision): Promise<IdRequestRow | null> {
  const { adminId, ...rest } = decision;
  return updateIfPending(tx, idRequests, eq(idRequests.id, id), { ...rest, handledBy: adminId, handledAt: sql`now()` });
}

export async function requestExists(db: Db, id: number): Promise<boolean> {
  return (await db.$count(idRequests, eq(idRequests.id, id))) > 0;
}
