import { type AddFundsBodySchema, formatAmount, limitProblem, type Locale, type MoneyLimits } from '@iddesk/contract';
import type { z } from 'zod';
import type { BillRow, PaymentTypeRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import type { FastifyBaseLogger } from 'fastify';
import { screenshotReader } from '../../lib/ocr';
import type { Storage } from '../../lib/storage';
import { pendingCredit, rejectCredit, rowForCause, settleCredit } from '../ledger';
import { billApproved, billRejected } from '../notifications';
import { notify } from '../notifications';
import { pendingItems } from '../pending-items';
import { assertReferenceFree, lockReference } from '../proof-reuse';
import { backBill, billReferenceUnderAccountLock } from '../statements';
import { readStoredFile, recordUpload, type StoredImage, storeImage } from '../uploads';
import {
  billClaims,
  type BillView,
  cancelPendingBill,
  findBillView,
  handlePendingBill,
  insertBill,
  listBillViews,
  screenshotToRead,
  storeScreenshotReading,
  unreadPendingBills,
} from './repository';
import { t } from '../../lib/i18n';

type AddFundsInput = z.output<typeof AddFundsBodySchema>;

type AddFundsKnown = { limits: MoneyLimits; paymentType: PaymentTypeRow | null };

/**
 * Add funds (money rule 3), the part before the write: the amount within the owners'
 * limits (rule 8, 422 on `amount`) and the payment type active, both as the route read them
 * from memory (settings cachedMoneyLimits, payment-types cachedPaymentType); a UTR already
 * credited once refused (issue 16); then the screenshot checked, re-encoded and stored. The
 * route runs it before a keyed call's transaction (money-calls `before`), so no pooled
 * connection waits in a transaction for the image pool.
 */
export async function prepareAddFunds(
  db: Db,
  storage: Storage,
  input: AddFundsInput,
  proof: Buffer,
  { limits, paymentType }: AddFundsKnown,
): Promise<StoredImage> {
  const outside = limitProblem(limits, 'add_funds', input.amount);
  if (outside) throw ValidationError.field('amount', outside);
  if (!paymentType?.isActive) throw ValidationError.field('payment_type_id', t('api.bills.paymentTypeUnavailable'));
  // Issue 16: a UTR already credited once is refused at once, before the image work.
  await assertReferenceFree(db, input.reference);
  return storeImage(storage, proof, 'private', 'proof');
}

/**
 * Add funds, the write, in the call's transaction: the stored screenshot's row, a pending bill
 * and a pending credit that does not count until an admin approves it. The customer's
 * language, for the ledger row's text, is the caller's.
 */
export async function recordAddFunds(
  tx: Tx,
  customer: BillView['user'] & { locale: Locale },
  input: AddFundsInput,
  image: StoredImage,
  paymentType: PaymentTypeRow,
): Promise<BillView> {
  const { locale, ...user } = customer;
  const userId = user.id;
  // Its fingerprint row first: the bill's trigger (migration 0032) tags the look-alikes it names.
  await recordUpload(tx, image, userId);
  const bill = await insertBill(tx, { userId, amount: input.amount, paymentTypeId: paymentType.id, reference: input.reference, proofKey: image.key });
  await pendingCredit(
    tx,
    {
      userId,
      amount: input.amount,
      kind: 'add_funds',
      cause: { type: 'bill', id: bill.id },
      description: { key: 'api.ledger.entry.addFunds', values: { method: paymentType.name, reference: input.reference } },
    },
    { locale },
  );
  // The answer from what this call knows: a new bill has no handler, and its reuse flags are
  // staff's (the customer's JSON has none), so no statement reads it back.
  return { ...bill, user, paymentType: { id: paymentType.id, name: paymentType.name }, handler: null, claim: null, reuseApproved: false };
}

type Decision = { status: 'approved' } | { status: 'rejected'; comment: string | null };

/** Bills in the shared pending queue; what is theirs: the pending credit settles or is rejected. */
const billQueue = pendingItems<BillView, BillRow, Decision>({
  objectType: 'bill',
  claims: billClaims,
  alreadyHandled: 'api.bills.alreadyHandled',
  find: findBillView,
  list: listBillViews,
  isApproval: (decision) => decision.status === 'approved',
  mark: (tx, id, decision, actor, reason) =>
    handlePendingBill(tx, id, {
      status: decision.status,
      adminId: actor.userId,
      comment: decision.status === 'rejected' ? decision.comment : reason,
    }),
  async settle(tx, bill, decision) {
    const row = await rowForCause(tx, { type: 'bill', id: bill.id });
    const settled = decision.status === 'approved' ? await settleCredit(tx, row.id) : await rejectCredit(tx, row.id);
    return {
      status: bill.status,
      amount: formatAmount(bill.amount),
      user_id: bill.userId,
      comment: bill.comment,
      balance_after: settled.balanceAfter === null ? null : formatAmount(settled.balanceAfter),
    };
  },
  notify: (tx, bill, decision) => notify(tx, decision.status === 'approved' ? billApproved(bill) : billRejected(bill)),
  proof: (bill) => ({ reference: bill.reference, tags: bill.reuse, self: { billId: bill.id } }),
  // Issue 54: with the reference's lock, the account's, shared: an import matching this bill's
  // account waits, or is waited for (decision 037).
  lockReference: (tx, id) => lockReference(tx, billReferenceUnderAccountLock(id)),
  backing: (tx, bill) => backBill(tx, bill.id),
  cancel: {
    mark: cancelPendingBill,
    async release(tx, bill) {
      // Nothing was credited yet: the pending credit just never counts.
      await rejectCredit(tx, (await rowForCause(tx, { type: 'bill', id: bill.id })).id, 'cancelled');
      return { amount: formatAmount(bill.amount), user_id: bill.userId };
    },
  },
});

export const { getOwn: getOwnBill, get: getBill, list: listBills, decide: handleBill, cancel: cancelBill, claim: claimBill, release: releaseBill } = billQueue;

/**
 * Issue 54 item 5: read what a new bill's screenshot says (amount and reference) and store it
 * with the bill, after the customer's answer: OCR in the image pool behind every upload
 * (lib/ocr.ts), from the stored, re-encoded file. A bill already read, or whose file is gone,
 * is left as it is; a failure is logged, and the bill stays "not read" for staff.
 */
export async function readScreenshot(deps: { db: Db; storage: Storage; log: FastifyBaseLogger }, billId: number): Promise<void> {
  try {
    const key = await screenshotToRead(deps.db, billId);
    if (key === null) return;
    const image = await readStoredFile(deps.storage, 'private', key);
    if (image === null) return;
    await storeScreenshotReading(deps.db, billId, await screenshotReader.read(image));
  } catch (err) {
    deps.log.warn({ err, billId }, 'could not read a bill screenshot');
  }
}

/**
 * At start: the pending bills a stopped server answered but never read, read now (in the
 * background queue, which holds only their ids). Several servers may read the same bill; the
 * first reading stored is kept.
 */
export async function readUnreadScreenshots(deps: { db: Db; storage: Storage; log: FastifyBaseLogger }): Promise<void> {
  for (const id of await unreadPendingBills(deps.db, 10_000)) void readScreenshot(deps, id);
}
