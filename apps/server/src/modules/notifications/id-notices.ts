import { eq } from 'drizzle-orm';
import { catalogueItems, type IdRequestRow, userIds, type UserIdRow } from '../../db/schema';
import type { Tx } from '../../db/types';
import { idApproved, idRejected, requestHandled } from './messages';
import { notify } from './service';

/** The catalogue item's name of a user ID, read in the action's transaction. */
async function itemNameOf(tx: Tx, userIdId: number): Promise<string> {
  const [row] = await tx
    .select({ name: catalogueItems.name })
    .from(userIds)
    .innerJoin(catalogueItems, eq(catalogueItems.id, userIds.itemId))
    .where(eq(userIds.id, userIdId));
  return row?.name ?? '—';
}

/** A new ID approved (its credentials are on /my_ids/:id) or rejected. */
export async function notifyUserIdDecided(
  tx: Tx,
  userId: Pick<UserIdRow, 'id' | 'userId' | 'status'>,
  comment: string | null,
): Promise<void> {
  const ref = { userId: userId.userId, userIdId: userId.id, name: await itemNameOf(tx, userId.id) };
  await notify(tx, userId.status === 'active' ? idApproved(ref) : idRejected({ ...ref, comment }));
}

/** A deposit, withdraw, close or change_password request approved or rejected. */
export async function notifyRequestHandled(tx: Tx, request: IdRequestRow): Promise<void> {
  if (request.type === 'create') return; // Told through its user ID's decision.
  await notify(
    tx,
    requestHandled({
      userId: request.userId,
      userIdId: request.userIdId,
      name: await itemNameOf(tx, request.userIdId),
      requestId: request.id,
      type: request.type,
      approved: request.status === 'approved',
      amount: request.confirmedAmount ?? request.amount,
      comment: request.comment,
    }),
  );
}
