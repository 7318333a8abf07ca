import { type AddFundsBodySchema, formatAmount, type PendingPageQuerySchema } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit/actor';
import { writeAudit } from '../audit/repository';
import { pendingCredit, rejectCredit, rowForCause, settleCredit } from '../ledger/service';
import { billApproved, billRejected } from '../notifications/messages';
import { notify } from '../notifications/service';
import { findPaymentType } from '../payment-types/repository';
import { recordUpload, storeImage, withStoredImage } from '../uploads/service';
import {
  type BillView,
  billExists,
  findBillView,
  handlePendingBill,
  insertBill,
  listBillViews,
} from './repository';

type AddFundsInput = z.output<typeof AddFundsBodySchema>;
type ListQuery = z.output<typeof PendingPageQuerySchema>;
type Deps = { db: Db; storage: Storage; log: FastifyBaseLogger };

export const PAYMENT_TYPE_UNAVAILABLE = 'The selected payment type is not available.';
export const BILL_ALREADY_HANDLED = 'This bill has already been handled.';

/**
 * Add funds (money rule 3): a pending bill and a pending credit that does not count until
 * an admin approves it. The screenshot is checked and stored before the transaction.
 */
export async function addFunds({ db, storage, log }: Deps, userId: number, input: AddFundsInput, proof: Buffer) {
  const paymentType = await findPaymentType(db, input.payment_type_id);
  if (!paymentType?.isActive) throw ValidationError.field('payment_type_id', PAYMENT_TYPE_UNAVAILABLE);

  const image = await storeImage(storage, proof, 'private', 'proof');
  const bill = await withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      await recordUpload(tx, image, userId);
      const bill = await insertBill(tx, {
        userId,
        amount: input.amount,
        paymentTypeId: paymentType.id,
        reference: input.reference,
        proofKey: image.key,
      });
      await pendingCredit(tx, {
        userId,
        amount: input.amount,
        kind: 'add_funds',
        cause: { type: 'bill', id: bill.id },
        description: `Add funds via ${paymentType.name} (ref. ${input.reference})`,
      });
      return bill;
    }),
  );
  return (await findBillView(db, bill.id))!;
}

/** The caller's own bill; someone else's is a 404, never a 403. */
export async function getOwnBill(db: Db, userId: number, id: number): Promise<BillView> {
  const bill = await findBillView(db, id);
  if (!bill || bill.userId !== userId) throw new NotFoundError();
  return bill;
}

export async function getBill(db: Db, id: number): Promise<BillView> {
  const bill = await findBillView(db, id);
  if (!bill) throw new NotFoundError();
  return bill;
}

export async function listBills(db: Db, query: ListQuery) {
  const { items, total } = await listBillViews(db, { pending: query.pending }, pageWindow(query));
  return toPage(items, total, query);
}

/**
 * Approve or reject (money rule 6): the bill leaves `pending` exactly once, and only the
 * handler that moved it touches the ledger. Everything, audit entry included, commits
 * together or not at all.
 */
export async function handleBill(
  db: Db,
  actor: Actor,
  id: number,
  decision: { status: 'approved' } | { status: 'rejected'; comment: string | null },
): Promise<BillView> {
  await db.transaction(async (tx) => {
    const comment = decision.status === 'rejected' ? decision.comment : null;
    const bill = await handlePendingBill(tx, id, { status: decision.status, adminId: actor.userId, comment });
    if (!bill) {
      if (!(await billExists(tx, id))) throw new NotFoundError();
      throw new ConflictError('ALREADY_HANDLED', BILL_ALREADY_HANDLED);
    }
    const row = await rowForCause(tx, { type: 'bill', id });
    const settled = decision.status === 'approved' ? await settleCredit(tx, row.id) : await rejectCredit(tx, row.id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: decision.status === 'approved' ? 'bill.approve' : 'bill.reject',
      objectType: 'bill',
      objectId: id,
      before: { status: 'pending' },
      after: {
        status: bill.status,
        amount: formatAmount(bill.amount),
        user_id: bill.userId,
        comment,
        balance_after: settled.balanceAfter === null ? null : formatAmount(settled.balanceAfter),
      },
      ip: actor.ip,
    });
    await notify(tx, decision.status === 'approved' ? billApproved(bill) : billRejected(bill));
  });
  return getBill(db, id);
}
