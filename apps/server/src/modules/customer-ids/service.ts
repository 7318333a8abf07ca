import { sql } from 'drizzle-orm';
import {
  type ApproveUserIdBodySchema,
  type CreateUserIdBodySchema,
  formatAmount,
} from '@iddesk/contract';
import type { z } from 'zod';
import type { IdRequestRow, PaymentTypeRow, UserIdRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { NotFoundError, ValidationError } from '../../errors/app-errors';
import type { Keyring } from '../app-key';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit';
import { notifyUserIdDecided } from '../notifications';
import { findItemForShare } from '../catalogue';
import { getOrderableItem } from '../catalogue';
import { releaseHold, rowForCause, settleHold } from '../ledger';
import { getMoneyLimits } from '../settings';
import { pendingItems, type ReuseConfirmation } from '../pending-items';
import { assertReferenceFree, lockReference } from '../proof-reuse';
import type { StoredImage } from '../uploads';
import { seal, SEALED } from './credentials';
import { belowMinimum, checkPayment, holdIfFromWallet, paymentColumns, storeProof } from './payment';
import {
  cancelCreateRequest,
  cancelPendingUserId,
  decideCreateRequest,
  decidePendingUserId,
  findUserIdView,
  insertCreateRequest,
  insertUserId,
  allUserIdViews,
  listUserIdViews,
  type UserIdView,
} from './repository';
import { t } from '../../lib/i18n';

type CreateInput = z.output<typeof CreateUserIdBodySchema>;
type ApproveInput = z.output<typeof ApproveUserIdBodySchema>;


/** What a new ID's filing checked and stored before its transaction (prepareCreateUserId). */
export type PreparedUserId = { paymentType: PaymentTypeRow | null; image: StoredImage | null };

/**
 * A new user ID, the part before the transaction: the item orderable, the amount at least the
 * item's minimum and within the owners' new-ID limits (rule 8), the payment's type, screenshot
 * and reference; then the screenshot checked, re-encoded and stored. Every check runs before
 * anything is written. The route runs it before a keyed call's transaction (money-calls
 * `before`), so no pooled connection waits in a transaction for the image pool.
 */
export async function prepareCreateUserId(
  db: Db,
  storage: Storage,
  itemId: number,
  input: CreateInput,
  proof: Buffer | undefined,
): Promise<PreparedUserId> {
  const item = await getOrderableItem(db, itemId);
  const limits = await getMoneyLimits(db);
  const paymentType = await checkPayment(db, item.minDeposit, input, proof, { limits, operation: 'id_create' });
  if (input.pay_from === 'payment') await assertReferenceFree(db, input.reference);
  return { paymentType, image: await storeProof(storage, proof, input) };
}

/**
 * A new user ID, pending until an admin approves it, in the call's transaction. Paid from the
 * wallet, the amount is held at once (money rule 4, cause `user_id`); paid by payment, the
 * stored screenshot's row is written and no wallet money moves.
 */
export async function recordCreateUserId(
  tx: Tx,
  userId: number,
  itemId: number,
  input: CreateInput,
  { paymentType, image }: PreparedUserId,
): Promise<UserIdView> {
  // Re-read under a share lock: the item may have been deactivated, deleted or repriced meanwhile.
  const locked = await findItemForShare(tx, itemId);
  if (!locked) throw new NotFoundError();
  if (!locked.isActive) throw new NotFoundError(t('api.catalogue.unavailable'));
  if (input.amount < locked.minDeposit) throw ValidationError.field('amount', belowMinimum(locked.minDeposit));
  const row = await insertUserId(tx, { userId, itemId, username: input.username });
  const payment = await paymentColumns(tx, userId, input, paymentType, image);
  await insertCreateRequest(tx, { userIdId: row.id, userId, ...payment });
  await holdIfFromWallet(tx, userId, input, {
    kind: 'id_create',
    cause: { type: 'user_id', id: row.id },
    description: { key: 'api.ledger.entry.newId', values: { site: locked.name, username: input.username } },
  });
  return (await findUserIdView(tx, row.id))!;
}

export async function listOwnUserIds(db: Db, userId: number): Promise<UserIdView[]> {
  return allUserIdViews(db, { userId });
}

type Decision = { status: 'active'; input: ApproveInput } | { status: 'rejected'; comment: string | null };
type Handled = { row: UserIdRow; create: IdRequestRow };

/**
 * New IDs in the shared pending queue. Theirs: approving seals and stores the credentials
 * and records the confirmed amount; the create request leaves `pending` with the ID, and a
 * wallet hold settles (approved) or is released (rejected).
 */
const newIdQueue = pendingItems<UserIdView, Handled, Decision & { keyring: Keyring }>({
  objectType: 'user_id',
  alreadyHandled: 'api.userIds.alreadyHandled',
  find: findUserIdView,
  list: listUserIdViews,
  isApproval: (decision) => decision.status === 'active',
  async mark(tx, id, decision, actor, reason) {
    const approved = decision.status === 'active';
    // Sealed in the transaction: the key is the one the database names now (app-key/keyring).
    const key = decision.status === 'active' ? await decision.keyring.sealingKey(tx) : null;
    const sealed =
      decision.status === 'active'
        ? {
            loginSealed: seal(key!, SEALED.login, decision.input.login),
            passwordSealed: seal(key!, SEALED.password, decision.input.password),
          }
        : {};
    const row = await decidePendingUserId(tx, id, { status: decision.status, ...sealed });
    if (!row) return null;
    const create = await decideCreateRequest(tx, id, {
      status: approved ? 'approved' : 'rejected',
      adminId: actor.userId,
      comment: decision.status === 'active' ? reason : decision.comment,
      confirmedAmount: decision.status === 'active' ? decision.input.amount : null,
    });
    // The two move together, so a pending user ID always has a pending create request.
    if (!create) throw new Error(`user ID ${id}: its create request was not pending`);
    return { row, create };
  },
  async settle(tx, { row, create }, decision) {
    if (create.payFrom === 'wallet') {
      const held = await rowForCause(tx, { type: 'user_id', id: row.id });
      if (decision.status === 'active') await settleHold(tx, held.id);
      else await releaseHold(tx, held.id);
    }
    // Never the credentials: the audit log is read by people and copied into backups.
    return {
      status: row.status,
      user_id: row.userId,
      amount: formatAmount(create.amount ?? 0n),
      pay_from: create.payFrom,
      confirmed_amount: create.confirmedAmount === null ? null : formatAmount(create.confirmedAmount),
      comment: create.comment,
    };
  },
  notify: (tx, { row, create }) => notifyUserIdDecided(tx, row, create.comment),
  // Paid by proof: its UTR must not be credited twice (issues 16 and 51).
  proof: ({ create }) =>
    create.payFrom === 'payment' ? { reference: create.reference, tags: create.reuse, self: { requestId: create.id } } : null,
  lockReference: (tx, id) =>
    lockReference(tx, sql`select reference_canonical from id_requests where user_id_id = ${id} and type = 'create'`),
  cancel: {
    async mark(tx, id, customerId) {
      const row = await cancelPendingUserId(tx, id, customerId);
      if (!row) return null;
      const create = await cancelCreateRequest(tx, id);
      if (!create) throw new Error(`user ID ${id}: its create request was not pending`);
      return { row, create };
    },
    async release(tx, { row, create }) {
      if (create.payFrom === 'wallet') {
        await releaseHold(tx, (await rowForCause(tx, { type: 'user_id', id: row.id })).id, 'cancelled');
      }
      return { user_id: row.userId, amount: formatAmount(create.amount ?? 0n), pay_from: create.payFrom };
    },
  },
});

export const { getOwn: getOwnUserId, get: getUserId, list: listUserIds } = newIdQueue;

/** Money rule 10: the customer cancels their own pending new ID; a wallet hold returns at once. */
export const cancelUserId = (tx: Tx, actor: Actor, id: number) => newIdQueue.cancel(tx, actor, id);

/**
 * Approve (credentials sealed and stored, the wallet hold settled, the confirmed amount
 * recorded) or reject (the hold released). The user ID leaves `pending` exactly once
 * (money rule 6); its create request, the ledger and the audit entry commit with it.
 */
export function decideUserId(
  tx: Tx,
  keyring: Keyring,
  actor: Actor,
  id: number,
  decision: Decision,
  confirmation: ReuseConfirmation = null,
) {
  return newIdQueue.decide(tx, actor, id, { ...decision, keyring }, confirmation);
}
