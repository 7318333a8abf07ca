import { formatAmount, type HandleRequestBodySchema, type Minor } from '@iddesk/contract';
import type { z } from 'zod';
import type { IdRequestRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ConflictError, ValidationError } from '../../errors/app-errors';
import type { Keyring } from '../app-key';
import type { Actor } from '../audit/actor';
import { writeAudit } from '../audit/repository';
import { notifyRequestHandled } from '../notifications/id-notices';
import { credit, releaseHold, rowForCause, settleHold } from '../ledger/service';
import { seal, SEALED } from '../user-ids/credentials';
import { findUserIdForUpdate, updateUserId } from '../user-ids/repository';
import { decidePendingRequest } from './repository';
import { getRequest } from './service';

type HandleInput = z.output<typeof HandleRequestBodySchema>;

export const REQUEST_ALREADY_HANDLED = 'This request has already been handled.';
const CREATE_ELSEWHERE = 'New IDs are approved or rejected in the New ID queue.';
const NOT_ACTIVE_ANY_MORE = 'This ID is no longer active, so the request can only be rejected.';

/** What approving needs beyond the action, per type; checked before anything is written. */
function approvalExtras(type: IdRequestRow['type'], input: HandleInput, requested: bigint | null) {
  const { amount, password } = input;
  if (type === 'withdraw') {
    if (amount === undefined) throw ValidationError.field('amount', 'Enter the amount credited to the wallet.');
    if (amount <= 0n) throw ValidationError.field('amount', 'The amount must be greater than zero.');
    return { confirmedAmount: amount, password: null };
  }
  if (type === 'close') {
    if (amount === undefined) {
      throw ValidationError.field('amount', 'Enter the amount left in the ID, credited to the wallet (0 if none).');
    }
    return { confirmedAmount: amount, password: null };
  }
  if (type === 'change_password') {
    if (password === undefined) throw ValidationError.field('password', 'Enter the new password.');
    return { confirmedAmount: null, password };
  }
  // A deposit: what the admin confirms reached the ID; by default what was asked.
  return { confirmedAmount: amount ?? requested, password: null };
}

/** The wallet and ID changes a decision brings, in the caller's transaction. */
async function applyDecision(tx: Tx, request: IdRequestRow, approved: boolean, idPasswordSealed: string | null) {
  const creditConfirmed = (kind: 'id_withdraw' | 'id_close', description: string) =>
    credit(tx, {
      userId: request.userId,
      amount: request.confirmedAmount as Minor,
      kind,
      cause: { type: 'request', id: request.id },
      description,
    });
  switch (request.type) {
    case 'deposit':
      if (request.payFrom === 'wallet') {
        const held = await rowForCause(tx, { type: 'request', id: request.id });
        if (approved) await settleHold(tx, held.id);
        else await releaseHold(tx, held.id);
      }
      return;
    case 'withdraw':
      if (approved) await creditConfirmed('id_withdraw', `Withdrawal from ID (request #${request.id})`);
      return;
    case 'close':
      if (!approved) return;
      // Closing an empty ID credits nothing; the ledger takes no zero rows.
      if (request.confirmedAmount! > 0n) await creditConfirmed('id_close', `Balance of closed ID (request #${request.id})`);
      await updateUserId(tx, request.userIdId, { status: 'closed' });
      return;
    case 'change_password':
      if (approved) await updateUserId(tx, request.userIdId, { passwordSealed: idPasswordSealed });
      return;
    case 'create':
      throw new Error('create requests are decided through their user ID');
  }
}

/**
 * Approve or reject a deposit, withdraw, close or change_password request. The request
 * leaves `pending` exactly once (money rule 6): concurrent handlers queue on the ID's row
 * lock and then on the conditional UPDATE, and only the one that moved it touches money.
 * Rejection moves nothing but a deposit's hold. Approving needs the ID still active.
 */
export async function handleRequest(db: Db, keyring: Keyring, actor: Actor, id: number, input: HandleInput) {
  const current = await getRequest(db, id);
  if (current.type === 'create') throw new ConflictError('CONFLICT', CREATE_ELSEWHERE);
  if (current.status !== 'pending') throw new ConflictError('ALREADY_HANDLED', REQUEST_ALREADY_HANDLED);
  const approved = input.action === 'approve';
  const extras = approved ? approvalExtras(current.type, input, current.amount) : null;
  const newPassword = extras?.password ?? null;
  await db.transaction(async (tx) => {
    // Sealed under two purposes: the request's record and the ID's current password; in the
    // transaction, under the key the database names now (app-key/keyring).
    const key = newPassword === null ? null : await keyring.sealingKey(tx);
    const sealed =
      newPassword === null
        ? null
        : { request: seal(key!, SEALED.requestPassword, newPassword), id: seal(key!, SEALED.password, newPassword) };
    // The ID first, as request filing does: one lock order, and a close cannot interleave.
    const target = (await findUserIdForUpdate(tx, current.userIdId))!;
    const request = await decidePendingRequest(
      tx,
      { id },
      {
        status: approved ? 'approved' : 'rejected',
        adminId: actor.userId,
        comment: input.comment ?? null,
        confirmedAmount: extras?.confirmedAmount ?? null,
        ...(sealed === null ? {} : { passwordSealed: sealed.request }),
      },
    );
    if (!request) throw new ConflictError('ALREADY_HANDLED', REQUEST_ALREADY_HANDLED);
    if (approved && target.status !== 'active') throw new ConflictError('ID_NOT_ACTIVE', NOT_ACTIVE_ANY_MORE);
    await applyDecision(tx, request, approved, sealed?.id ?? null);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: approved ? 'id_request.approve' : 'id_request.reject',
      objectType: 'id_request',
      objectId: id,
      before: { status: 'pending' },
      // Amounts and outcome only: a new password never goes into the audit log.
      after: {
        status: request.status,
        type: request.type,
        user_id: request.userId,
        user_id_id: request.userIdId,
        amount: request.amount === null ? null : formatAmount(request.amount),
        confirmed_amount: request.confirmedAmount === null ? null : formatAmount(request.confirmedAmount),
        pay_from: request.payFrom,
        comment: request.comment,
      },
      ip: actor.ip,
    });
    await notifyRequestHandled(tx, request);
  });
  return getRequest(db, id);
}
