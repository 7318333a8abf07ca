import { z } from 'zod';
import { PageQuerySchema } from './envelope';
import { RequestStatusSchema, TransactionStatusSchema } from './enums';
import { formId, optionalDay, optionalText, requiredText } from './form-fields';
import { msg, translate } from './i18n/translate';
import { AmountInputSchema, AmountSchema } from './money';
import {
  AccountHolderSchema,
  AccountNumberSchema,
  DESTINATION_CHECK,
  IfscSchema,
  PaymentTypeKindSchema,
  requireDestination,
  UpiIdSchema,
} from './payment-types';
import { HandlerSchema, ItemClaimSchema, ReusedProofSchema } from './desk-flags';

/* ---------- queries ---------- */

/**
 * `?page&perPage&pending`: pending=1 only pending items, pending=0 only handled ones
 * (done/approved and rejected), absent = all. Lists are newest first.
 */
export const PendingPageQuerySchema = PageQuerySchema.extend({
  pending: z
    .enum(['1', '0', 'true', 'false'], msg('validation.pending'))
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
});
export type PendingPageQuery = z.input<typeof PendingPageQuerySchema>;

/* ---------- shared pieces ---------- */

/** The customer an admin item belongs to. */
export const ItemUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type ItemUser = z.infer<typeof ItemUserSchema>;

export const WithdrawMethodSchema = PaymentTypeKindSchema;
export type WithdrawMethod = z.infer<typeof WithdrawMethodSchema>;

const CommentSchema = optionalText(500, msg('validation.comment.max', { max: 500 }));

/* ---------- bills (add funds) ---------- */

/**
 * The amount and payment reference the server read from a bill's screenshot after the answer
 * (OCR). `read` false: not read yet (or it could not be); then the rest is null and false. An
 * amount or reference the picture did not show is null. `*_differs`: the screenshot shows one
 * and it is not what the customer typed (the reference compared in its canonical form).
 */
export const ScreenshotReadingSchema = z.object({
  read: z.boolean(),
  amount: AmountSchema.nullable(),
  reference: z.string().nullable(),
  amount_differs: z.boolean(),
  reference_differs: z.boolean(),
});
export type ScreenshotReading = z.infer<typeof ScreenshotReadingSchema>;

export const BillSchema = z.object({
  id: z.number().int(),
  user: ItemUserSchema,
  amount: AmountSchema,
  payment_type: z.object({ id: z.number().int(), name: z.string() }),
  reference: z.string(),
  /** Private image path (`/api/files/proofs/…`): fetch with the Authorization header. */
  proof_url: z.string(),
  status: RequestStatusSchema,
  /** The admin's comment on rejection; null otherwise. */
  comment: z.string().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  /** Staff views only: who handled it. */
  handled_by: HandlerSchema.optional(),
  /** Staff views only: who has it open now (issue 55 item 2). */
  claim: ItemClaimSchema.optional(),
  /** Staff views only: the same UTR or a look-alike screenshot on other payments. */
  reused_proof: ReusedProofSchema.optional(),
  /** Staff views only: what the screenshot itself says (issue 54 item 5). */
  screenshot_reading: ScreenshotReadingSchema.optional(),
});
export type Bill = z.infer<typeof BillSchema>;

/** `POST /add_funds`, multipart: these fields plus the image in the file field `proof`. */
export const AddFundsBodySchema = z.strictObject({
  amount: AmountInputSchema,
  payment_type_id: formId(msg('validation.paymentType.required')),
  reference: requiredText(64, msg('validation.reference.required'), msg('validation.reference.max', { max: 64 })),
});
export type AddFundsBody = z.input<typeof AddFundsBodySchema>;
export const ADD_FUNDS_PROOF_FIELD = 'proof';
/** A missing payment screenshot, in the current language: the call's or the page's (issue 18). */
export const proofRequiredMessage = (): string => translate('validation.proof.required');

/* ---------- withdrawals ---------- */

export const WithdrawalSchema = z.object({
  id: z.number().int(),
  user: ItemUserSchema,
  amount: AmountSchema,
  method: WithdrawMethodSchema,
  upi_id: z.string().nullable(),
  account_holder: z.string().nullable(),
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  status: RequestStatusSchema,
  comment: z.string().nullable(),
  payout_reference: z.string().nullable(),
  /** Private image path, like a bill's `proof_url`; null when the admin attached none. */
  payout_proof_url: z.string().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  /** Staff views only: who handled it. */
  handled_by: HandlerSchema.optional(),
  /** Staff views only: who has it open now (issue 55 item 2). */
  claim: ItemClaimSchema.optional(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/**
 * `GET /withdraw/today`: the caller's wallet withdrawals of today (waiting and paid, the
 * calendar day of the display time zone) against the daily payout total, and what is left.
 */
export const PayoutTodaySchema = z.object({
  daily_payout: AmountSchema,
  asked_today: AmountSchema,
  left_today: AmountSchema,
});
export type PayoutToday = z.infer<typeof PayoutTodaySchema>;

const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** `POST /withdraw` (JSON). Fields of the other method may be sent empty; they are ignored. */
export const WithdrawBodySchema = z
  .strictObject({
    amount: AmountInputSchema,
    method: z.enum(WithdrawMethodSchema.options, msg('validation.withdraw.method')),
    upi_id: optionalField(UpiIdSchema),
    account_holder: optionalField(AccountHolderSchema),
    account_number: optionalField(AccountNumberSchema),
    ifsc: optionalField(IfscSchema),
  })
  .superRefine((v, ctx) => requireDestination(v, v.method, ctx), DESTINATION_CHECK);
export type WithdrawBody = z.input<typeof WithdrawBodySchema>;

/* ---------- transactions (the ledger) ---------- */

export const TransactionKindSchema = z.enum([
  'add_funds',
  'withdrawal',
  'admin_deposit',
  'admin_withdrawal',
  'id_create',
  'id_deposit',
  'id_withdraw',
  'id_close',
]);
export type TransactionKind = z.infer<typeof TransactionKindSchema>;

/**
 * The customer's own ledger (issue 56): `pending`, one `kind`, and days `from`/`to` (in the
 * site's display time zone, both included). The statement (CSV) takes the same filters.
 */
export const TransactionsQuerySchema = PendingPageQuerySchema.extend({
  kind: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(TransactionKindSchema.options, msg('validation.kind')).optional(),
  ),
  from: optionalDay,
  to: optionalDay,
});
export type TransactionsQuery = z.input<typeof TransactionsQuerySchema>;

/**
 * What a ledger row is about: a bill, a withdrawal, a user ID, a request, a manual change, or a
 * bank statement line nobody claimed that an owner credited (issue 54).
 */
export const TransactionCauseTypeSchema = z.enum(['bill', 'withdrawal', 'user_id', 'request', 'manual', 'statement_line']);
export type TransactionCauseType = z.infer<typeof TransactionCauseTypeSchema>;

export const TransactionSchema = z.object({
  id: z.number().int(),
  /** Signed: credits "100.00", debits "-100.00". */
  amount: AmountSchema,
  /** pending: a hold (debit) or an unapproved credit; rejected: released or refused. */
  status: TransactionStatusSchema,
  kind: TransactionKindSchema,
  description: z.string(),
  cause_type: TransactionCauseTypeSchema,
  cause_id: z.number().int().nullable(),
  /** The balance right after this row took effect; null while a credit is pending or if refused. */
  balance_after: AmountSchema.nullable(),
  created_at: z.string(),
  /** When it was approved, refused or cancelled (done at once for the desk's own); null while pending. */
  settled_at: z.string().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/* ---------- admin actions ---------- */

/** Reject a bill or withdrawal (also a new ID, issue 4). The body may be empty. */
export const RejectBodySchema = z.strictObject({ comment: CommentSchema });
export type RejectBody = z.input<typeof RejectBodySchema>;

/** `POST /admin/withdraw/{id}/approve`, multipart: optional `reference` and file `proof`. */
export const WithdrawalApproveBodySchema = z.strictObject({
  reference: optionalText(100, msg('validation.reference.max', { max: 100 })),
});
export type WithdrawalApproveBody = z.input<typeof WithdrawalApproveBodySchema>;
export const WITHDRAWAL_APPROVE_PROOF_FIELD = 'proof';

/** `POST /admin/deposit/create` and `/admin/withdraw/create`: a manual balance change. */
export const BalanceChangeBodySchema = z.strictObject({
  user_id: formId(msg('validation.user.required')),
  amount: AmountInputSchema,
  comment: requiredText(
    500,
    msg('validation.balanceComment.required'),
    msg('validation.comment.max', { max: 500 }),
  ),
});
export type BalanceChangeBody = z.input<typeof BalanceChangeBodySchema>;
