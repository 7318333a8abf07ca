import { z } from 'zod';
import { RequestStatusSchema, RequestTypeSchema, UserIdStatusSchema } from './enums';
import { FormBooleanSchema, formId, optionalText, requiredText } from './form-fields';
import { readAmount } from './amounts';
import { amountProblemMessage } from './amount-messages';
import { msg, translate } from './i18n/translate';
import { AmountInputSchema, AmountSchema } from './money';
import { normaliseHttpsUrl } from './site-settings-values';
import { ItemUserSchema } from './wallet';
import { ConfirmReusedSchema, HandlerSchema, ItemClaimSchema, ReusedProofSchema } from './desk-flags';

/* ---------- limits and messages ---------- */

export const ID_NAME_MAX_LENGTH = 60;
export const ID_DESCRIPTION_MAX_LENGTH = 2000;
export const ID_WEBSITE_MAX_LENGTH = 300;
export const CREDENTIAL_MAX_LENGTH = 100;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
/** The file field of the admin catalogue form (the logo). Required on create, optional on edit. */
export const ID_LOGO_FIELD = 'image';
/** The file field of create-ID and deposit when paying by payment (the screenshot). */
export const ID_PROOF_FIELD = 'proof';

/** Where the money for a new ID or a deposit comes from. */
export const PayFromSchema = z.enum(['wallet', 'payment']);
export type PayFrom = z.infer<typeof PayFromSchema>;

/* ---------- catalogue (the "ID" of docs/product.md#domain) ---------- */

/**
 * A catalogue item. `demo_login`/`demo_password` are filled only for signed-in callers of
 * an item with demo access (`has_demo`); guests get null and see only that a demo exists.
 */
export const CatalogueItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string(),
  description: z.string(),
  /** Public image path (`/api/files/public/…`), usable in `<img src>`. */
  logo_url: z.string(),
  /** The least a new ID or a deposit into one may be. */
  min_deposit: AmountSchema,
  is_active: z.boolean(),
  has_demo: z.boolean(),
  demo_login: z.string().nullable(),
  demo_password: z.string().nullable(),
  created_at: z.string(),
});
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;
export const CatalogueListSchema = z.array(CatalogueItemSchema);

/** `GET /admin/ids`: every item, inactive ones too, with how many user IDs it has. */
export const AdminCatalogueItemSchema = CatalogueItemSchema.extend({
  /** Items with user IDs are deactivated by delete, never removed. */
  user_id_count: z.number().int(),
});
export type AdminCatalogueItem = z.infer<typeof AdminCatalogueItemSchema>;

/** `POST /admin/ids/{id}/delete`: removed (`deleted: true`) or, having user IDs, deactivated. */
export const CatalogueDeleteResultSchema = z.object({ id: z.number().int(), deleted: z.boolean() });
export type CatalogueDeleteResult = z.infer<typeof CatalogueDeleteResultSchema>;

/** "example.com" reads as "https://example.com/"; only https links are kept. */
const WebsiteSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string(msg('validation.website.invalid'))
    .trim()
    .max(ID_WEBSITE_MAX_LENGTH, msg('validation.website.invalid'))
    .transform((v, ctx) => {
      const url = normaliseHttpsUrl(/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
      if (url === null) {
        ctx.addIssue({ code: 'custom', message: translate('validation.website.invalid') });
        return z.NEVER;
      }
      return url;
    }),
);

const credential = (tooLong: 'validation.demoLogin.max' | 'validation.demoPassword.max' | 'validation.idPassword.max') =>
  optionalText(CREDENTIAL_MAX_LENGTH, msg(tooLong, { max: CREDENTIAL_MAX_LENGTH }));

/**
 * `POST /admin/ids/create` and `/admin/ids/{id}/edit`, multipart: these fields plus the logo
 * in the file field `image` (required on create; on edit, leaving it out keeps the logo).
 * Demo access needs both a login and a password; leave both empty for none.
 */
export const CatalogueItemBodySchema = z
  .strictObject({
    name: requiredText(
      ID_NAME_MAX_LENGTH,
      msg('validation.item.name.required'),
      msg('validation.item.name.max', { max: ID_NAME_MAX_LENGTH }),
    ),
    website: WebsiteSchema,
    description: optionalText(
      ID_DESCRIPTION_MAX_LENGTH,
      msg('validation.item.description.max', { max: ID_DESCRIPTION_MAX_LENGTH }),
    ),
    min_deposit: AmountInputSchema,
    /** Defaults to true on create; on edit, left out keeps the current value. */
    is_active: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), FormBooleanSchema.optional()),
    demo_login: credential('validation.demoLogin.max'),
    demo_password: credential('validation.demoPassword.max'),
  })
  .superRefine((v, ctx) => {
    if (typeof v !== 'object' || v === null) return;
    if (v.demo_login !== undefined && v.demo_password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['demo_password'], message: translate('validation.demoPassword.missing') });
    }
    if (v.demo_password !== undefined && v.demo_login === undefined) {
      ctx.addIssue({ code: 'custom', path: ['demo_login'], message: translate('validation.demoLogin.missing') });
    }
  }, { when: (p) => typeof p.value === 'object' && p.value !== null });
export type CatalogueItemBody = z.input<typeof CatalogueItemBodySchema>;

/* ---------- user IDs ---------- */

/** The catalogue item a user ID or request belongs to, as lists show it. */
export const ItemRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string(),
  logo_url: z.string(),
});
export type ItemRef = z.infer<typeof ItemRefSchema>;

export const PaymentTypeRefSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * A customer's account on a catalogue item. `login`/`password` are set once an admin
 * approves it and are sent only to the owner (while the ID is `active`; null otherwise) and
 * to admins. The payment fields describe how the new ID was paid for.
 */
export const UserIdSchema = z.object({
  id: z.number().int(),
  item: ItemRefSchema,
  username: z.string(),
  status: UserIdStatusSchema,
  login: z.string().nullable(),
  password: z.string().nullable(),
  /** What the customer asked to put into the new ID. */
  amount: AmountSchema,
  pay_from: PayFromSchema,
  payment_type: PaymentTypeRefSchema.nullable(),
  reference: z.string().nullable(),
  /** Private image path (`/api/files/proofs/…`); fetch with the Authorization header. */
  proof_url: z.string().nullable(),
  /** What the admin confirmed was deposited on approval; null until then. */
  confirmed_amount: AmountSchema.nullable(),
  /** The admin's comment on rejection. */
  comment: z.string().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  /** Types of this ID's requests still waiting for an admin (to disable close/change password). */
  pending_request_types: z.array(RequestTypeSchema).optional(),
  /** The owner; present in admin views only. */
  user: ItemUserSchema.optional(),
  /** Staff views only: who handled the new ID. */
  handled_by: HandlerSchema.optional(),
  /** Staff views only: who has it open now (issue 55 item 2). */
  claim: ItemClaimSchema.optional(),
  /** Staff views only: the same UTR or a look-alike screenshot on other payments. */
  reused_proof: ReusedProofSchema.optional(),
});
export type UserId = z.infer<typeof UserIdSchema>;
export const UserIdListSchema = z.array(UserIdSchema);

const USERNAME_LENGTH = msg('validation.username.length', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH });
export const UsernameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string(msg('validation.username.required'))
    .min(1, msg('validation.username.required'))
    .min(USERNAME_MIN_LENGTH, USERNAME_LENGTH)
    .max(USERNAME_MAX_LENGTH, USERNAME_LENGTH)
    .regex(/^[A-Za-z0-9._-]+$/, msg('validation.username.chars')),
);

const ReferenceSchema = optionalText(64, msg('validation.reference.max', { max: 64 }));

/** Paying by payment needs a payment type and a reference (and the `proof` file). */
function requirePayment(
  v: { pay_from?: unknown; payment_type_id?: unknown; reference?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (typeof v !== 'object' || v === null || v.pay_from !== 'payment') return;
  if (v.payment_type_id === undefined) {
    ctx.addIssue({ code: 'custom', path: ['payment_type_id'], message: translate('validation.paymentType.required') });
  }
  if (v.reference === undefined) {
    ctx.addIssue({ code: 'custom', path: ['reference'], message: translate('validation.reference.required') });
  }
}
const PAYMENT_CHECK = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

const paymentFields = {
  amount: AmountInputSchema,
  pay_from: z.enum(PayFromSchema.options, msg('validation.payFrom')),
  /** Ignored when paying from the wallet. */
  payment_type_id: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    formId(msg('validation.paymentType.required')).optional(),
  ),
  reference: ReferenceSchema,
};

/**
 * `POST /ids/{id}/create`, multipart: these fields, plus the screenshot in the file field
 * `proof` when `pay_from=payment`. `amount` must be at least the item's `min_deposit`
 * (checked on the server: 422 on `amount`). From the wallet the amount is held at once.
 */
export const CreateUserIdBodySchema = z
  .strictObject({ username: UsernameSchema, ...paymentFields })
  .superRefine((v, ctx) => requirePayment(v, ctx), PAYMENT_CHECK);
export type CreateUserIdBody = z.input<typeof CreateUserIdBodySchema>;

/** `POST /user_ids/{id}/deposit`, multipart: like create, without the username. */
export const DepositBodySchema = z
  .strictObject(paymentFields)
  .superRefine((v, ctx) => requirePayment(v, ctx), PAYMENT_CHECK);
export type DepositBody = z.input<typeof DepositBodySchema>;

/** `POST /user_ids/{id}/withdraw` (JSON): money out of the ID into the wallet. */
export const IdWithdrawBodySchema = z.strictObject({ amount: AmountInputSchema });
export type IdWithdrawBody = z.input<typeof IdWithdrawBodySchema>;

/** `POST /user_ids/{id}/change_password` (JSON; may be empty): an optional wished password. */
export const ChangePasswordRequestBodySchema = z.strictObject({ password: credential('validation.idPassword.max') });
export type ChangePasswordRequestBody = z.input<typeof ChangePasswordRequestBodySchema>;

/* ---------- requests ---------- */

/** The user ID a request concerns (`id_object`, docs/product.md#domain). */
export const IdObjectSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  status: UserIdStatusSchema,
  item: ItemRefSchema,
});
export type IdObject = z.infer<typeof IdObjectSchema>;

/**
 * An action on a user ID. Every user ID has one `create` request (its payment, shown in the
 * history); the admin requests queues hold deposit, withdraw, close and change_password —
 * new IDs are handled through `/admin/user_ids`.
 */
export const IdRequestSchema = z.object({
  id: z.number().int(),
  type: RequestTypeSchema,
  status: RequestStatusSchema,
  /** Asked amount (create, deposit, withdraw); null for close and change_password. */
  amount: AmountSchema.nullable(),
  /** What the admin confirmed (create, deposit, withdraw, close) on approval. */
  confirmed_amount: AmountSchema.nullable(),
  /** create and deposit only. */
  pay_from: PayFromSchema.nullable(),
  payment_type: PaymentTypeRefSchema.nullable(),
  reference: z.string().nullable(),
  /** Private image path; fetch with the Authorization header. */
  proof_url: z.string().nullable(),
  /** The admin's comment. */
  comment: z.string().nullable(),
  /** change_password: the wished password (the customer's, then the one the admin set). */
  password: z.string().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  id_object: IdObjectSchema,
  /** The customer; present in admin views only. */
  user: ItemUserSchema.optional(),
  /** Staff views only: the ID's real login (the username is only what was asked for). */
  id_login: z.string().nullable().optional(),
  /** Staff views only: who handled the request. */
  handled_by: HandlerSchema.optional(),
  /** Staff views only: who has it open now (issue 55 item 2). */
  claim: ItemClaimSchema.optional(),
  /** Staff views only, deposits paid by proof: the same UTR or a look-alike screenshot elsewhere. */
  reused_proof: ReusedProofSchema.optional(),
});
export type IdRequest = z.infer<typeof IdRequestSchema>;

/* ---------- admin actions ---------- */

/** `POST /admin/user_ids/{id}/approve`: what went into the ID and its credentials. */
export const ApproveUserIdBodySchema = z.strictObject({
  amount: AmountInputSchema,
  login: requiredText(
    CREDENTIAL_MAX_LENGTH,
    msg('validation.idLogin.required'),
    msg('validation.idLogin.max', { max: CREDENTIAL_MAX_LENGTH }),
  ),
  password: requiredText(
    CREDENTIAL_MAX_LENGTH,
    msg('validation.idPassword.required'),
    msg('validation.idPassword.max', { max: CREDENTIAL_MAX_LENGTH }),
  ),
  /** A reused reference (UTR): approve anyway, saying why in `comment` (audit trail only). */
  confirm_reused: ConfirmReusedSchema,
  comment: optionalText(500, msg('validation.comment.max', { max: 500 })),
});
export type ApproveUserIdBody = z.input<typeof ApproveUserIdBodySchema>;

export const RequestActionSchema = z.enum(['approve', 'reject']);
export type RequestAction = z.infer<typeof RequestActionSchema>;

/** A confirmed amount: like an input amount, but 0 is allowed (closing an empty ID). */
export const ConfirmedAmountInputSchema = z
  .union([z.string(), z.number()], { error: () => amountProblemMessage('not_a_number') })
  .transform((value, ctx) => {
    const reading = readAmount(value);
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: amountProblemMessage(reading.problem) });
      return z.NEVER;
    }
    return reading.minor;
  });

/**
 * `POST /admin/requests/{id}/handle` (JSON). Approving a withdraw needs `amount` (> 0) and a
 * close needs `amount` (0 or more): that much is credited to the wallet. Approving a
 * change_password needs `password`, the new password, stored for the customer.
 */
export const HandleRequestBodySchema = z.strictObject({
  action: z.enum(RequestActionSchema.options, msg('validation.batch.action')),
  comment: optionalText(500, msg('validation.comment.max', { max: 500 })),
  amount: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    ConfirmedAmountInputSchema.optional(),
  ),
  password: credential('validation.idPassword.max'),
  /** A deposit with a reused reference (UTR): approve anyway, saying why in `comment`. */
  confirm_reused: ConfirmReusedSchema,
});
export type HandleRequestBody = z.input<typeof HandleRequestBodySchema>;
