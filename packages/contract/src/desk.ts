import { z } from 'zod';
import { PageQuerySchema } from './envelope';
import { optionalText, requiredText } from './form-fields';
import { msg, translate } from './i18n/translate';
import { ConfirmReusedSchema } from './desk-flags';
import { AmountInputSchema, AmountSchema } from './money';
import { optionalDay as day } from './form-fields';
import { PendingPageQuerySchema } from './wallet';
export * from './desk-flags';

/* ---------- the staff desk (issue 16) ---------- */

const optionalAmount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  AmountInputSchema.optional(),
);
const optionalId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);

/**
 * The filters every staff list takes, all in the query string (and so in the page's URL).
 * `from`/`to` are days in the site's display time zone, both included.
 */
export const DeskFilterSchema = z.object({
  /** Part of the customer's name, email or phone. */
  customer: optionalText(100, msg('validation.customerSearch.max', { max: 100 })),
  amount_min: optionalAmount,
  amount_max: optionalAmount,
  /** Part of the payment reference (UTR), or of a transaction's description. */
  reference: optionalText(64, msg('validation.reference.max', { max: 64 })),
  payment_type_id: optionalId,
  from: day,
  to: day,
  /** One customer's items (a user's staff page); not on a user's own transactions. */
  user_id: optionalId,
  /**
   * Items after / before this one in id order (creation order): with `sort` and `perPage=1`,
   * the next or previous item of a queue, for the desk's J/K keys.
   */
  after_id: optionalId,
  before_id: optionalId,
});
export type DeskFilter = z.output<typeof DeskFilterSchema>;

export const SortOrderSchema = z.enum(['oldest', 'newest'], msg('validation.sort'));
export type SortOrder = z.infer<typeof SortOrderSchema>;

/**
 * A staff list: `page`/`perPage`, `pending=1|0`, the filters, and `sort`. The queue
 * (pending=1) is oldest first by default, every other list newest first.
 */
export const DeskListQuerySchema = PendingPageQuerySchema.extend({
  ...DeskFilterSchema.shape,
  sort: SortOrderSchema.optional(),
});
export type DeskListQuery = z.output<typeof DeskListQuerySchema>;
export type DeskListQueryInput = z.input<typeof DeskListQuerySchema>;

/**
 * Approving a flagged payment (`proofFlags`) is refused (409 REUSED_PROOF when its reference is
 * already approved elsewhere, else PROOF_FLAGGED) unless staff confirm it with a reason in
 * `comment`, which goes into the audit trail and the item's comment (staff only, the CSV).
 */
export const ConfirmReusedBodySchema = z.strictObject({
  confirm_reused: ConfirmReusedSchema,
  comment: optionalText(500, msg('validation.comment.max', { max: 500 })),
});
export type ConfirmReusedBody = z.input<typeof ConfirmReusedBodySchema>;

/* ---------- batch ---------- */

export const BATCH_MAX_ITEMS = 50;
export const BatchBodySchema = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647), msg('validation.batch.ids'))
    .min(1, msg('validation.batch.min'))
    .max(BATCH_MAX_ITEMS, msg('validation.batch.max', { max: BATCH_MAX_ITEMS }))
    .refine((ids) => new Set(ids).size === ids.length, msg('validation.batch.unique')),
  action: z.enum(['approve', 'reject'], msg('validation.batch.action')),
  /** A rejection's comment for the customers. */
  comment: optionalText(500, msg('validation.comment.max', { max: 500 })),
  /**
   * Issue 51: approving, the reason for each flagged item staff approve anyway (as the single
   * call's `confirm_reused` and `comment`). A flagged item without one is left out: its answer
   * is 409 REUSED_PROOF or PROOF_FLAGGED.
   */
  reasons: z
    .array(
      z.strictObject({
        id: z.number().int().positive().max(2_147_483_647),
        reason: requiredText(500, msg('validation.reuse.commentMissing'), msg('validation.comment.max', { max: 500 })),
      }),
    )
    .max(BATCH_MAX_ITEMS, msg('validation.batch.max', { max: BATCH_MAX_ITEMS }))
    .optional(),
})
  .superRefine((body, ctx) => {
    const ids = new Set(body.ids);
    const seen = new Set<number>();
    body.reasons?.forEach((entry, index) => {
      if (!ids.has(entry.id) || seen.has(entry.id)) {
        ctx.addIssue({ code: 'custom', path: ['reasons', index, 'id'], message: translate('validation.batch.reasonFor') });
      }
      seen.add(entry.id);
    });
  });
export type BatchBody = z.input<typeof BatchBodySchema>;

/** One item's outcome: 200 handled now, or the status and code the single call would give. */
export const BatchOutcomeSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  code: z.string().nullable(),
  message: z.string(),
});
export const BatchResultSchema = z.object({
  action: z.enum(['approve', 'reject']),
  handled: z.number().int(),
  failed: z.number().int(),
  items: z.array(BatchOutcomeSchema),
});
export type BatchResult = z.infer<typeof BatchResultSchema>;

/* ---------- dashboard ---------- */

const Tally = z.object({ count: z.number().int(), amount: AmountSchema });
const Totals = z.object({
  top_ups: Tally,
  payouts: Tally,
  id_deposits: Tally,
  id_withdrawals: Tally,
  new_customers: z.number().int(),
});
const Queue = z.object({
  size: z.number().int(),
  /** Sum of the amounts waiting (0.00 where the queue carries none). */
  total: AmountSchema,
  /** Seconds the oldest item has waited; null when the queue is empty. */
  oldest_seconds: z.number().int().nullable(),
  oldest_created_at: z.string().nullable(),
});
export const DashboardSchema = z.object({
  time_zone: z.string(),
  /** Today in the display time zone, YYYY-MM-DD. */
  today_date: z.string(),
  today: Totals,
  last_7_days: Totals,
  queues: z.object({ bills: Queue, withdrawals: Queue, requests: Queue, new_ids: Queue }),
  /** One row per day of the last 7 (oldest first), for the chart. */
  days: z.array(Totals.extend({ date: z.string() })),
  /**
   * Active payment types the demo seed made (its fake payees), which customers are still
   * shown: staff are warned until they are replaced (issue 56). Empty once they are.
   */
  demo_payment_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/* ---------- audit ---------- */

export const AuditQuerySchema = PageQuerySchema.extend({
  actor_id: optionalId,
  /** An exact action (`bill.approve`) or a prefix ending in a dot (`bill.`). */
  action: optionalText(64),
  object_type: optionalText(32),
  object_id: optionalText(32),
  from: day,
  to: day,
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
  /**
   * What the entry's ids stand for, read when it is listed (issue 56), keyed by the id as a
   * string: `users` a customer's name (`user_id`), `user_ids` a user ID's service and username
   * (`user_id_id`), `transactions` a ledger entry's description and signed amount
   * (`transaction_id`). Only the ids the entry names; an id whose row is gone is left out.
   */
  refs: z
    .object({
      users: z.record(z.string(), z.string()).optional(),
      user_ids: z.record(z.string(), z.object({ service: z.string(), username: z.string() })).optional(),
      transactions: z.record(z.string(), z.object({ description: z.string(), amount: AmountSchema })).optional(),
    })
    .optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export type AuditRefs = NonNullable<AuditEntry['refs']>;

/** Paths of the staff desk, relative to `/api`. */
type Id = number | string;
export const DESK_API = {
  dashboard: '/admin/dashboard',
  audit: '/admin/audit',
  auditObject: (type: string, id: Id) => `/admin/audit/${type}/${id}`,
  billsBatch: '/admin/bills/batch',
  withdrawalsBatch: '/admin/withdraw/batch',
  billsCsv: '/admin/bills/export.csv',
  withdrawalsCsv: '/admin/withdraw/export.csv',
  requestsCsv: '/admin/requests/export.csv',
  userIdsCsv: '/admin/user_ids/export.csv',
  userTransactionsCsv: (id: Id) => `/admin/users/${id}/transactions/export.csv`,
} as const;
