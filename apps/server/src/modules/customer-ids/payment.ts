import {
  formatRupees,
  ID_PROOF_FIELD,
  limitProblem,
  type MessageKey,
  type Minor,
  type MoneyLimits,
  type PayFrom,
  proofRequiredMessage,
} from '@iddesk/contract';
import type { PaymentTypeRow, UserIdRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ConflictError, type FieldErrors, ValidationError } from '../../errors/app-errors';
import type { Storage } from '../../lib/storage';
import { cachedPaymentType } from '../payment-types';
import { recordUpload, type StoredImage, storeImage } from '../uploads';
import { hold } from '../ledger';
import { t } from '../../lib/i18n';

/** The payment part of a new-ID or deposit body (contract: CreateUserIdBody, DepositBody). */
export type PaymentInput = {
  amount: Minor;
  pay_from: PayFrom;
  payment_type_id?: number | undefined;
  reference?: string | undefined;
};

export const belowMinimum = (min: bigint) => t('api.userIds.belowMinimum', { minimum: formatRupees(min) });

/** The owners' limits of the operation (rule 8) that the payment's amount must respect. */
export type AmountRule = { limits: MoneyLimits; operation: 'id_create' | 'id_deposit' };

/**
 * Every payment problem at once, before anything is stored: the amount under the item's
 * minimum or outside the owners' limits (issue 17; the item's minimum applies on top), and —
 * paying by payment — an unavailable payment type or a missing screenshot.
 */
export async function checkPayment(
  db: Db,
  minDeposit: bigint,
  input: PaymentInput,
  proof: Buffer | undefined,
  rule: AmountRule,
): Promise<PaymentTypeRow | null> {
  const errors: FieldErrors = {};
  const outside = limitProblem(rule.limits, rule.operation, input.amount);
  if (input.amount < minDeposit) errors.amount = [belowMinimum(minDeposit)];
  else if (outside) errors.amount = [outside];
  let paymentType: PaymentTypeRow | null = null;
  if (input.pay_from === 'payment') {
    paymentType = input.payment_type_id === undefined ? null : await cachedPaymentType(db, input.payment_type_id);
    if (!paymentType?.isActive) errors.payment_type_id = [t('api.bills.paymentTypeUnavailable')];
    if (!proof) errors[ID_PROOF_FIELD] = [proofRequiredMessage()];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return paymentType;
}

/** The screenshot, checked and re-encoded outside any transaction; null when paying from the wallet. */
export async function storeProof(storage: Storage, proof: Buffer | undefined, input: PaymentInput) {
  return input.pay_from === 'payment' && proof ? storeImage(storage, proof, 'private', ID_PROOF_FIELD) : null;
}

/** Inside the transaction: the proof's upload row (owned by the customer) and the request's payment columns. */
export async function paymentColumns(
  tx: Tx,
  userId: number,
  input: PaymentInput,
  paymentType: PaymentTypeRow | null,
  image: StoredImage | null,
) {
  if (image) await recordUpload(tx, image, userId);
  const byPayment = input.pay_from === 'payment';
  return {
    amount: input.amount,
    payFrom: input.pay_from,
    paymentTypeId: byPayment ? (paymentType?.id ?? null) : null,
    reference: byPayment ? (input.reference ?? null) : null,
    proofKey: image?.key ?? null,
  };
}

type Movement = Parameters<typeof hold>[1];

/**
 * Paid from the wallet, the amount is held at once (money rule 4) in the filing's transaction;
 * paid by payment, no wallet money moves until staff approve.
 */
export async function holdIfFromWallet(tx: Tx, userId: number, input: PaymentInput, movement: Pick<Movement, 'kind' | 'cause' | 'description'>) {
  if (input.pay_from === 'wallet') await hold(tx, { userId, amount: input.amount, ...movement });
}

const NOT_ACTIVE = {
  pending: 'api.userIds.notActive.pending',
  rejected: 'api.userIds.notActive.rejected',
  closed: 'api.userIds.notActive.closed',
  cancelled: 'api.userIds.notActive.cancelled',
} as const satisfies Record<Exclude<UserIdRow['status'], 'active'>, MessageKey>;

/** Deposits, withdrawals, closes and password changes are for active IDs only (409 ID_NOT_ACTIVE). */
export function assertActive(status: UserIdRow['status']): void {
  if (status !== 'active') throw new ConflictError('ID_NOT_ACTIVE', t(NOT_ACTIVE[status]));
}
