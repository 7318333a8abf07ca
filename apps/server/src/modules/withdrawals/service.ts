import {
  dailyPayoutProblem,
  formatAmount,
  limitProblem,
  type MoneyLimits,
  type PayoutToday,
  payoutLeftToday,
  type WithdrawBodySchema,
} from '@iddesk/contract';
import type { z } from 'zod';
import type { WithdrawalRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ConflictError, ValidationError } from '../../errors/app-errors';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit';
import { holdFor, releaseHold, settleHold } from '../ledger';
import { withdrawalApproved, withdrawalRejected } from '../notifications';
import { notify } from '../notifications';
import { notPendingError, pendingItems } from '../pending-items';
import { recordUpload, type StoredImage, storeImage } from '../uploads';
import {
  cancelPendingWithdrawal,
  findWithdrawalView,
  handlePendingWithdrawal,
  insertWithdrawal,
  listWithdrawalViews,
  type NewWithdrawal,
  payoutsToday,
  type WithdrawalView,
} from './repository';
import { destinationText } from './serialize';

type WithdrawInput = z.output<typeof WithdrawBodySchema>;


/** The caller's own details, as a withdrawal's view shows its customer. */
type Customer = WithdrawalView['user'];

/**
 * Money rule 4: the amount is held at once (the balance drops now, so it cannot be spent
 * twice) and the withdrawal waits for an admin. Short balance: 409 INSUFFICIENT_BALANCE and
 * nothing is written. Rule 8: the amount is within the owners' `limits` (read before the
 * transaction: settings cachedMoneyLimits), and with today's other withdrawals (in
 * `timeZone`) within the daily payout total, else 422 on `amount` (also when the balance is
 * short). The hold locks the customer's row before the withdrawal is written and the day's
 * total read, so concurrent withdrawals are counted one after the other.
 */
export async function requestWithdrawal(
  tx: Tx,
  customer: Customer,
  input: WithdrawInput,
  { limits, timeZone }: { limits: MoneyLimits; timeZone: string },
): Promise<WithdrawalView> {
  const values = withinLimits(customer, input, limits);
  const overDaily = (paidToday: bigint) => {
    const problem = dailyPayoutProblem(limits, paidToday, input.amount);
    if (problem) throw ValidationError.field('amount', problem);
  };
  try {
    const movement = { userId: customer.id, amount: input.amount, kind: 'withdrawal' as const, causeType: 'withdrawal' as const, description: destinationText(values) };
    const withdrawal = await holdFor(tx, movement, async () => {
      const { withdrawal, paidToday } = await insertWithdrawal(tx, values, timeZone);
      overDaily(paidToday);
      return withdrawal;
    });
    return { ...withdrawal, user: customer, handler: null };
  } catch (error) {
    // Short and over the day's total: the 422 names the limit.
    if (error instanceof ConflictError && error.code === 'INSUFFICIENT_BALANCE') overDaily(await payoutsToday(tx, customer.id, timeZone));
    throw error;
  }
}

/** The withdrawal's row as asked; rule 8's per-call range checked (422 on `amount`). */
function withinLimits(customer: Customer, input: WithdrawInput, limits: MoneyLimits): NewWithdrawal {
  const upi = input.method === 'upi';
  const outside = limitProblem(limits, 'withdraw', input.amount);
  if (outside) throw ValidationError.field('amount', outside);
  return {
    userId: customer.id,
    amount: input.amount,
    method: input.method,
    upiId: upi ? (input.upi_id ?? null) : null,
    accountHolder: upi ? null : (input.account_holder ?? null),
    accountNumber: upi ? null : (input.account_number ?? null),
    ifsc: upi ? null : (input.ifsc ?? null),
  };
}

/**
 * Rule 8 as the withdrawal form shows it before anything is typed: the caller's withdrawals of
 * today (waiting and paid, the calendar day in `timeZone`) against the daily payout total, and
 * what is left. Read as `requestWithdrawal` reads it; the call itself still decides.
 */
export async function payoutToday(
  db: Db,
  userId: number,
  { limits, timeZone }: { limits: MoneyLimits; timeZone: string },
): Promise<PayoutToday> {
  const asked = await payoutsToday(db, userId, timeZone);
  return {
    daily_payout: limits.daily_payout,
    asked_today: formatAmount(asked),
    left_today: formatAmount(payoutLeftToday(limits, asked)),
  };
}

type Decision =
  | { status: 'approved'; reference: string | null; proof: Buffer | undefined }
  | { status: 'rejected'; comment: string | null };

/**
 * The decision as the shared queue sees it: the payout screenshot already stored, with the
 * customer who owns it (read before the image work).
 */
type StoredDecision = { decision: Decision; image: { stored: StoredImage; customerId: number } | null };

/** Withdrawals in the shared pending queue; theirs: the hold settles (paid out) or is released. */
const withdrawalQueue = pendingItems<WithdrawalView, WithdrawalRow, StoredDecision>({
  objectType: 'withdrawal',
  alreadyHandled: 'api.withdrawals.alreadyHandled',
  find: findWithdrawalView,
  list: listWithdrawalViews,
  isApproval: ({ decision }) => decision.status === 'approved',
  async mark(tx, id, { decision, image }, actor) {
    // The customer owns the payout screenshot: it is their money's receipt. Its row goes
    // first: the withdrawal refers to it.
    if (image) await recordUpload(tx, image.stored, image.customerId);
    return handlePendingWithdrawal(tx, id, {
      status: decision.status,
      adminId: actor.userId,
      comment: decision.status === 'rejected' ? decision.comment : null,
      payoutReference: decision.status === 'approved' ? decision.reference : null,
      payoutProofKey: image?.stored.key ?? null,
    });
  },
  async settle(tx, withdrawal, { decision }) {
    const cause = { type: 'withdrawal' as const, id: withdrawal.id };
    if (decision.status === 'approved') await settleHold(tx, cause);
    else await releaseHold(tx, cause);
    return {
      status: withdrawal.status,
      amount: formatAmount(withdrawal.amount),
      user_id: withdrawal.userId,
      comment: withdrawal.comment,
      payout_reference: withdrawal.payoutReference,
      payout_proof_key: withdrawal.payoutProofKey,
    };
  },
  notify: (tx, withdrawal, { decision }) => notify(tx, decision.status === 'approved' ? withdrawalApproved(withdrawal) : withdrawalRejected(withdrawal)),
  cancel: {
    mark: cancelPendingWithdrawal,
    async release(tx, withdrawal) {
      await releaseHold(tx, { type: 'withdrawal', id: withdrawal.id }, 'cancelled');
      return { amount: formatAmount(withdrawal.amount), user_id: withdrawal.userId };
    },
  },
});

export const { getOwn: getOwnWithdrawal, get: getWithdrawal, list: listWithdrawals } = withdrawalQueue;

/** Money rule 10: the customer cancels their own pending withdrawal; the hold returns at once. */
export const cancelWithdrawal = (tx: Tx, actor: Actor, id: number) => withdrawalQueue.cancel(tx, actor, id);

/**
 * Approve (settle the hold: the money has been paid out) or reject (release it back to the
 * balance). Handled exactly once (money rule 6): an unknown withdrawal is 404 and a handled
 * one 409. The payout screenshot, if any, is stored before the transaction
 * (`prepareWithdrawalDecision`, after a look that refuses a handled withdrawal before the image
 * work).
 */
export function handleWithdrawal(tx: Tx, actor: Actor, id: number, decision: Decision, image: StoredDecision['image'] = null): Promise<WithdrawalView> {
  return withdrawalQueue.decide(tx, actor, id, { decision, image });
}

/**
 * A decision's part before the transaction: with a payout screenshot, the withdrawal looked
 * at (a handled one is refused before the image work) and the screenshot checked, re-encoded
 * and stored (money-calls `before`), so no pooled connection waits in a transaction for the
 * image pool.
 */
export async function prepareWithdrawalDecision(db: Db, storage: Storage, id: number, decision: Decision): Promise<StoredDecision['image']> {
  const proof = decision.status === 'approved' ? decision.proof : undefined;
  if (!proof) return null;
  const current = await getWithdrawal(db, id);
  if (current.status !== 'pending') throw notPendingError(current.status, 'api.withdrawals.alreadyHandled');
  return { stored: await storeImage(storage, proof, 'private', 'proof'), customerId: current.userId };
}
