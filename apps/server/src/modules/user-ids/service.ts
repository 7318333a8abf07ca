import {
  type ApproveUserIdBodySchema,
  type CreateUserIdBodySchema,
  formatAmount,
  type PendingPageQuerySchema,
} from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Keyring } from '../app-key';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit/actor';
import { writeAudit } from '../audit/repository';
import { notifyUserIdDecided } from '../notifications/id-notices';
import { findItemForShare } from '../catalogue/repository';
import { getOrderableItem, ITEM_UNAVAILABLE } from '../catalogue/service';
import { decidePendingRequest, insertRequest } from '../id-requests/repository';
import { hold, releaseHold, rowForCause, settleHold } from '../ledger/service';
import { withStoredImage } from '../uploads/service';
import { seal, SEALED } from './credentials';
import { belowMinimum, checkPayment, paymentColumns, storeProof } from './payment';
import { decidePendingUserId, findUserIdView, insertUserId, listUserIdViews, userIdExists, type UserIdView } from './repository';

type CreateInput = z.output<typeof CreateUserIdBodySchema>;
type ApproveInput = z.output<typeof ApproveUserIdBodySchema>;
type ListQuery = z.output<typeof PendingPageQuerySchema>;
type Deps = { db: Db; storage: Storage; log: FastifyBaseLogger };

export const USER_ID_ALREADY_HANDLED = 'This ID request has already been handled.';

/**
 * A new user ID, pending until an admin approves it. Paid from the wallet, the amount is
 * held at once (money rule 4, cause `user_id`); paid by payment, the screenshot is stored and
 * no wallet money moves. Every check runs before anything is written.
 */
export async function createUserId(
  { db, storage, log }: Deps,
  userId: number,
  itemId: number,
  input: CreateInput,
  proof: Buffer | undefined,
): Promise<UserIdView> {
  const item = await getOrderableItem(db, itemId);
  const paymentType = await checkPayment(db, item.minDeposit, input, proof);
  const image = await storeProof(storage, proof, input);
  const id = await withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      // Re-read under a share lock: the item may have been deactivated, deleted or repriced meanwhile.
      const locked = await findItemForShare(tx, itemId);
      if (!locked) throw new NotFoundError();
      if (!locked.isActive) throw new NotFoundError(ITEM_UNAVAILABLE);
      if (input.amount < locked.minDeposit) throw ValidationError.field('amount', belowMinimum(locked.minDeposit));
      const row = await insertUserId(tx, { userId, itemId, username: input.username });
      const payment = await paymentColumns(tx, userId, input, paymentType, image);
      await insertRequest(tx, { userIdId: row.id, userId, type: 'create', ...payment });
      if (input.pay_from === 'wallet') {
        await hold(tx, {
          userId,
          amount: input.amount,
          kind: 'id_create',
          cause: { type: 'user_id', id: row.id },
          description: `New ID on ${locked.name} (${input.username})`,
        });
      }
      return row.id;
    }),
  );
  return (await findUserIdView(db, id))!;
}

/** The caller's own user ID; someone else's is a 404, never a 403. */
export async function getOwnUserId(db: Db, userId: number, id: number): Promise<UserIdView> {
  const view = await findUserIdView(db, id);
  if (!view || view.userId !== userId) throw new NotFoundError();
  return view;
}

export async function listOwnUserIds(db: Db, userId: number): Promise<UserIdView[]> {
  return (await listUserIdViews(db, { userId })).items;
}

export async function getUserId(db: Db, id: number): Promise<UserIdView> {
  const view = await findUserIdView(db, id);
  if (!view) throw new NotFoundError();
  return view;
}

export async function listUserIds(db: Db, query: ListQuery) {
  const { items, total } = await listUserIdViews(db, { pending: query.pending }, pageWindow(query));
  return toPage(items, total, query);
}

type Decision = { status: 'active'; input: ApproveInput } | { status: 'rejected'; comment: string | null };

/**
 * Approve (credentials sealed and stored, the wallet hold settled, the confirmed amount
 * recorded) or reject (the hold released). The user ID leaves `pending` exactly once
 * (money rule 6); its create request, the ledger and the audit entry commit with it.
 */
export async function decideUserId(db: Db, keyring: Keyring, actor: Actor, id: number, decision: Decision) {
  const approved = decision.status === 'active';
  await db.transaction(async (tx) => {
    // Sealed in the transaction: the key is the one the database names now (app-key/keyring).
    const key = decision.status === 'active' ? await keyring.sealingKey(tx) : null;
    const sealed =
      decision.status === 'active'
        ? {
            loginSealed: seal(key!, SEALED.login, decision.input.login),
            passwordSealed: seal(key!, SEALED.password, decision.input.password),
          }
        : {};
    const row = await decidePendingUserId(tx, id, { status: decision.status, ...sealed });
    if (!row) {
      if (!(await userIdExists(tx, id))) throw new NotFoundError();
      throw new ConflictError('ALREADY_HANDLED', USER_ID_ALREADY_HANDLED);
    }
    const create = await decidePendingRequest(
      tx,
      { createOf: id },
      {
        status: approved ? 'approved' : 'rejected',
        adminId: actor.userId,
        comment: approved ? null : decision.comment,
        confirmedAmount: approved ? decision.input.amount : null,
      },
    );
    // The two move together, so a pending user ID always has a pending create request.
    if (!create) throw new Error(`user ID ${id}: its create request was not pending`);
    if (create.payFrom === 'wallet') {
      const held = await rowForCause(tx, { type: 'user_id', id });
      if (approved) await settleHold(tx, held.id);
      else await releaseHold(tx, held.id);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: approved ? 'user_id.approve' : 'user_id.reject',
      objectType: 'user_id',
      objectId: id,
      before: { status: 'pending' },
      // Never the credentials: the audit log is read by people and copied into backups.
      after: {
        status: row.status,
        user_id: row.userId,
        amount: formatAmount(create.amount ?? 0n),
        pay_from: create.payFrom,
        confirmed_amount: create.confirmedAmount === null ? null : formatAmount(create.confirmedAmount),
        comment: create.comment,
      },
      ip: actor.ip,
    });
    await notifyUserIdDecided(tx, row, create.comment);
  });
  return getUserId(db, id);
}
