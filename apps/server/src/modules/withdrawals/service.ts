import {
  dailyPayoutProblem,
  formatAmount,
  limitProblem,
  parseAmount,
  type MoneyLimits,
  type PayoutToday,
  payoutLeftToday,
  type WithdrawBodySchema,
} from '@iddesk/contract';
import type { z } from 'zod';
import type { WithdrawalRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { ConflictError, ValidationError } from '../../errors/app-errors';
import type { StorageDeps as Deps } from '../../lib/storage';
import type { Actor } from '../audit';
import type { StatementClaim } from '../../lib/statement-claim';
import { atomically } from '../../db/atomically';
import { inOneWrite } from '../../db/plan-cache';
import { descriptionsByLocale, holdFor, releaseHold, shortBalanceRefusal } from '../ledger';
import { withdrawalApproved, withdrawalRejected } from '../notifications';
import { notify } from '../notifications';
import { notPendingError, pendingItems } from '../pending-items';
import { recordUpload, type StoredImage, storeImage, withStoredImage } from '../uploads';
import {
  cancelPendingWithdrawal,
  type DecidedWithdrawal,
  findWithdrawalView,
  handlePendingWithdrawal,
  insertKeyedWithdrawal,
  insertWithdrawal,
  listWithdrawalViews,
  type NewWithdrawal,
  nextWithdrawalId,
  overDailyTotal,
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
 * `timeZone`) within the daily payout total, else 422 on `amount`. The hold locks the
 * customer's row before the daily total is read, so concurrent withdrawals are counted one
 * after the other (ledger holdFor). Inside a caller's transaction (an Idempotency-Key) it runs
 * in that one, without a savepoint: two statements (the hold; the withdrawal with its ledger
 * row), the answer built from what they return.
 */
export async function requestWithdrawal(
  db: Db,
  customer: Customer,
  input: WithdrawInput,
  { limits, timeZone }: { limits: MoneyLimits; timeZone: string },
): Promise<WithdrawalView> {
  const userId = customer.id;
  const values = withinLimits(customer, input, limits);
  const overDaily = (paidToday: bigint) => dailyPayoutProblem(limits, paidToday, input.amount);
  try {
    return await atomically(db, (tx) =>
      holdFor(tx, { userId, amount: input.amount, kind: 'withdrawal', description: destinationText(values) }, async (entry) => {
        const written = await insertWithdrawal(tx, values, timeZone, entry);
        // Over the day's total: the error rolls the withdrawal and its ledger row back with the hold.
        const problem = overDaily(written.paidToday);
        if (problem) throw ValidationError.field('amount', problem);
        return { ...written.withdrawal, user: customer, handler: null };
      }),
    );
  } catch (error) {
    // Over the day's total as well as short: the 422 names the limit, as before the hold came first.
    if (error instanceof ConflictError && error.code === 'INSUFFICIENT_BALANCE') {
      const problem = overDaily(await payoutsToday(db, userId, timeZone));
      if (problem) throw ValidationError.field('amount', problem);
    }
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
 * `requestWithdrawal` with an Idempotency-Key, in one statement (issue 19; repository
 * `insertKeyedWithdrawal`): the key's claim, the hold, the withdrawal and its ledger row. Its
 * id and time are handed out first, so its answer (`answerOf`) is built and sealed (`claim`,
 * money-calls idempotentStatement) before anything is written; nothing is read back. The same
 * rules and refusals as `requestWithdrawal`: the range before, a short balance 409 and over the
 * day's total 422 (the 422 when both), each undoing the whole statement. Null when the
 * statement wrote nothing (the app key changed, the customer is gone, or the day's total read
 * differently a moment later): the caller then runs the general path.
 */
export async function requestWithdrawalInOneStatement<A>(
  db: Db,
  customer: Customer,
  input: WithdrawInput,
  { limits, timeZone }: { limits: MoneyLimits; timeZone: string },
  claim: StatementClaim,
  answerOf: (withdrawal: WithdrawalView) => A,
): Promise<A | null> {
  const values = withinLimits(customer, input, limits);
  const id = await nextWithdrawalId(db);
  const createdAt = new Date();
  const withdrawal: WithdrawalView = {
    ...values,
    id,
    createdAt,
    status: 'pending',
    comment: null,
    payoutReference: null,
    payoutProofKey: null,
    handledBy: null,
    handledAt: null,
    user: customer,
    handler: null,
  };
  const answer = answerOf(withdrawal);
  try {
    const written = await insertKeyedWithdrawal(db, {
      ...values,
      key: claim.key,
      fingerprint: claim.fingerprint,
      response: claim.seal(answer),
      claimedAt: claim.claimedAt,
      appKey: claim.appKey,
      id,
      createdAt,
      timeZone,
      dailyTotal: parseAmount(limits.daily_payout) ?? 0n,
      descriptions: descriptionsByLocale(destinationText(values)),
    });
    return written ? answer : null;
  } catch (error) {
    const short = shortBalanceRefusal(error);
    if (!short && !overDailyTotal(error)) throw error;
    // Over the day's total as well as short: the 422 names the limit, as requestWithdrawal's.
    const problem = dailyPayoutProblem(limits, await payoutsToday(db, customer.id, timeZone), input.amount);
    if (problem) throw ValidationError.field('amount', problem);
    if (short) throw short;
    return null;
  }
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

/**
 * Withdrawals in the shared pending queue; theirs: the hold settles (paid out) or is released.
 * A decision is three statements (issue 19): the withdrawal marked (returning its customer, its
 * handler and the customer's language; an approval settles the hold in the same statement, a
 * rejection releases it after), the audit entry, the notification; and the upload's row, in the
 * same write before the marking, when a screenshot came with it.
 */
const withdrawalQueue = pendingItems<WithdrawalView, DecidedWithdrawal, StoredDecision, WithdrawalRow>({
  objectType: 'withdrawal',
  alreadyHandled: 'api.withdrawals.alreadyHandled',
  find: findWithdrawalView,
  list: listWithdrawalViews,
  isApproval: ({ decision }) => decision.status === 'approved',
  async mark(tx, id, { decision, image }, actor) {
    const marked = () =>
      handlePendingWithdrawal(tx, id, {
        status: decision.status,
        adminId: actor.userId,
        comment: decision.status === 'rejected' ? decision.comment : null,
        payoutReference: decision.status === 'approved' ? decision.reference : null,
        payoutProofKey: image?.stored.key ?? null,
      });
    if (!image) return marked();
    // The customer owns the payout screenshot: it is their money's receipt. Its row goes
    // first, in the same write: the withdrawal refers to it.
    const [, row] = await inOneWrite(tx, () => recordUpload(tx, image.stored, image.customerId), marked);
    return row;
  },
  async settle(tx, withdrawal, { decision }) {
    // An approval's marking statement settled the hold already (handlePendingWithdrawal).
    if (decision.status === 'rejected') await releaseHold(tx, { type: 'withdrawal', id: withdrawal.id });
    return {
      status: withdrawal.status,
      amount: formatAmount(withdrawal.amount),
      user_id: withdrawal.userId,
      comment: withdrawal.comment,
      payout_reference: withdrawal.payoutReference,
      payout_proof_key: withdrawal.payoutProofKey,
    };
  },
  notify: (tx, withdrawal, { decision }) =>
    notify(tx, decision.status === 'approved' ? withdrawalApproved(withdrawal) : withdrawalRejected(withdrawal), withdrawal.locale),
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
export const cancelWithdrawal = (db: Db, actor: Actor, id: number) => withdrawalQueue.cancel(db, actor, id);

/**
 * Approve (settle the hold: the money has been paid out) or reject (release it back to the
 * balance). Handled exactly once (money rule 6): an unknown withdrawal is 404 and a handled
 * one 409, decided by the marking statement itself. The payout screenshot, if any, is stored
 * before the transaction (prepareWithdrawalDecision, after a look that refuses a handled
 * withdrawal before the image work) and removed again if the withdrawal was handled
 * meanwhile. The answer is built from what the marking statement returned: nothing is read back.
 */
export async function handleWithdrawal(deps: Deps, actor: Actor, id: number, decision: Decision): Promise<WithdrawalView> {
  return recordWithdrawalDecision(deps, actor, id, decision, await prepareWithdrawalDecision(deps, id, decision));
}

/**
 * A decision's part before the transaction: with a payout screenshot, the withdrawal looked
 * at (a handled one is refused before the image work) and the screenshot checked, re-encoded
 * and stored. The approve route runs it before a keyed call's transaction (money-calls
 * `before`), so no pooled connection waits in a transaction for the image pool.
 */
export async function prepareWithdrawalDecision(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  id: number,
  decision: Decision,
): Promise<StoredDecision['image']> {
  const proof = decision.status === 'approved' ? decision.proof : undefined;
  if (!proof) return null;
  const current = await getWithdrawal(db, id);
  if (current.status !== 'pending') throw notPendingError(current.status, 'api.withdrawals.alreadyHandled');
  return { stored: await storeImage(storage, proof, 'private', 'proof'), customerId: current.userId };
}

/** A decision's transaction (the caller's, with a key), with the screenshot prepared before it. */
export async function recordWithdrawalDecision(
  { db, storage, log }: Deps,
  actor: Actor,
  id: number,
  decision: Decision,
  image: StoredDecision['image'],
): Promise<WithdrawalView> {
  const { locale: _locale, ...withdrawal } = await withStoredImage(storage, log, image?.stored ?? null, () =>
    withdrawalQueue.commit(db, actor, id, { decision, image }),
  );
  return withdrawal;
}
