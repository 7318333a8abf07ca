import { formatAmount, type PendingPageQuerySchema, type WithdrawBodySchema } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { ConflictError, NotFoundError } from '../../errors/app-errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit/actor';
import { writeAudit } from '../audit/repository';
import { hold, releaseHold, rowForCause, settleHold } from '../ledger/service';
import { withdrawalApproved, withdrawalRejected } from '../notifications/messages';
import { notify } from '../notifications/service';
import { recordUpload, storeImage, withStoredImage } from '../uploads/service';
import {
  findWithdrawalView,
  handlePendingWithdrawal,
  insertWithdrawal,
  listWithdrawalViews,
  type NewWithdrawal,
  type WithdrawalView,
} from './repository';
import { destinationLabel } from './serialize';

type WithdrawInput = z.output<typeof WithdrawBodySchema>;
type ListQuery = z.output<typeof PendingPageQuerySchema>;
type Deps = { db: Db; storage: Storage; log: FastifyBaseLogger };

export const WITHDRAWAL_ALREADY_HANDLED = 'This withdrawal has already been handled.';

/**
 * Money rule 4: the amount is held at once (the balance drops now, so it cannot be spent
 * twice) and the withdrawal waits for an admin. Short balance: 409 INSUFFICIENT_BALANCE and
 * nothing is written.
 */
export async function requestWithdrawal(db: Db, userId: number, input: WithdrawInput): Promise<WithdrawalView> {
  const upi = input.method === 'upi';
  const values: NewWithdrawal = {
    userId,
    amount: input.amount,
    method: input.method,
    upiId: upi ? (input.upi_id ?? null) : null,
    accountHolder: upi ? null : (input.account_holder ?? null),
    accountNumber: upi ? null : (input.account_number ?? null),
    ifsc: upi ? null : (input.ifsc ?? null),
  };
  const id = await db.transaction(async (tx) => {
    const withdrawal = await insertWithdrawal(tx, values);
    await hold(tx, {
      userId,
      amount: input.amount,
      kind: 'withdrawal',
      cause: { type: 'withdrawal', id: withdrawal.id },
      description: `Withdrawal to ${destinationLabel(values)}`,
    });
    return withdrawal.id;
  });
  return (await findWithdrawalView(db, id))!;
}

export async function getOwnWithdrawal(db: Db, userId: number, id: number): Promise<WithdrawalView> {
  const withdrawal = await findWithdrawalView(db, id);
  if (!withdrawal || withdrawal.userId !== userId) throw new NotFoundError();
  return withdrawal;
}

export async function getWithdrawal(db: Db, id: number): Promise<WithdrawalView> {
  const withdrawal = await findWithdrawalView(db, id);
  if (!withdrawal) throw new NotFoundError();
  return withdrawal;
}

export async function listWithdrawals(db: Db, query: ListQuery) {
  const { items, total } = await listWithdrawalViews(db, query.pending, pageWindow(query));
  return toPage(items, total, query);
}

type Decision =
  | { status: 'approved'; reference: string | null; proof: Buffer | undefined }
  | { status: 'rejected'; comment: string | null };

/**
 * Approve (settle the hold: the money has been paid out) or reject (release it back to the
 * balance). Handled exactly once (money rule 6); the payout screenshot, if any, is stored
 * before the transaction and removed again if the withdrawal was already handled.
 */
export async function handleWithdrawal(
  { db, storage, log }: Deps,
  actor: Actor,
  id: number,
  decision: Decision,
): Promise<WithdrawalView> {
  const current = await getWithdrawal(db, id);
  if (current.status !== 'pending') throw new ConflictError('ALREADY_HANDLED', WITHDRAWAL_ALREADY_HANDLED);

  const proof = decision.status === 'approved' ? decision.proof : undefined;
  const image = proof ? await storeImage(storage, proof, 'private', 'proof') : null;
  await withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      // The customer owns the payout screenshot: it is their money's receipt.
      if (image) await recordUpload(tx, image, current.userId);
      const withdrawal = await handlePendingWithdrawal(tx, id, {
        status: decision.status,
        adminId: actor.userId,
        comment: decision.status === 'rejected' ? decision.comment : null,
        payoutReference: decision.status === 'approved' ? decision.reference : null,
        payoutProofKey: image?.key ?? null,
      });
      if (!withdrawal) throw new ConflictError('ALREADY_HANDLED', WITHDRAWAL_ALREADY_HANDLED);
      const row = await rowForCause(tx, { type: 'withdrawal', id });
      if (decision.status === 'approved') await settleHold(tx, row.id);
      else await releaseHold(tx, row.id);
      await writeAudit(tx, {
        actorId: actor.userId,
        action: decision.status === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
        objectType: 'withdrawal',
        objectId: id,
        before: { status: 'pending' },
        after: {
          status: withdrawal.status,
          amount: formatAmount(withdrawal.amount),
          user_id: withdrawal.userId,
          comment: withdrawal.comment,
          payout_reference: withdrawal.payoutReference,
          payout_proof_key: withdrawal.payoutProofKey,
        },
        ip: actor.ip,
      });
      await notify(
        tx,
        decision.status === 'approved' ? withdrawalApproved(withdrawal) : withdrawalRejected(withdrawal),
      );
    }),
  );
  return getWithdrawal(db, id);
}
