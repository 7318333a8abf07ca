import { z } from 'zod';
import { FormBooleanSchema, optionalText, requiredText } from './form-fields';
import type { MessageKey } from './i18n/keys';
import { msg, translate } from './i18n/translate';

export const PaymentTypeKindSchema = z.enum(['upi', 'bank']);
export type PaymentTypeKind = z.infer<typeof PaymentTypeKindSchema>;

/** A way to pay the operator: a UPI id or bank details, optionally with a QR image. */
export const PaymentTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: PaymentTypeKindSchema,
  upi_id: z.string().nullable(),
  account_holder: z.string().nullable(),
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  bank_name: z.string().nullable(),
  /** Public image path (`/api/files/public/…`), usable in `<img src>`; null without a QR. */
  qr_url: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

export const UpiIdSchema = z
  .string()
  .trim()
  .max(100, msg('validation.upiId.invalid'))
  .regex(/^[A-Za-z0-9._-]{1,64}@[A-Za-z][A-Za-z0-9]{1,63}$/, msg('validation.upiId.invalid'));
export const IfscSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, msg('validation.ifsc.invalid'));
export const AccountNumberSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{9,18}$/, msg('validation.accountNumber.invalid')));
export const AccountHolderSchema = z
  .string()
  .trim()
  .min(2, msg('validation.accountHolder.required'))
  .max(100, msg('validation.accountHolder.max', { max: 100 }));

/** "" (an empty form input) reads as "not given" before the specific schema runs. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * Run the destination check even when other fields already failed, so a form shows every
 * missing field at once; `v` may then hold raw values, which the check tolerates.
 */
export const DESTINATION_CHECK = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * Fields that depend on `kind`: UPI needs `upi_id`; bank needs holder, account number and
 * IFSC. Shared by the payment type form and the withdrawal form.
 */
export function requireDestination(
  v: {
    upi_id?: string | undefined;
    account_holder?: string | undefined;
    account_number?: string | undefined;
    ifsc?: string | undefined;
  },
  kind: PaymentTypeKind | undefined,
  ctx: z.RefinementCtx,
): void {
  if (typeof v !== 'object' || v === null) return;
  // Written when the check runs, in the language of that moment (the call's, the page's).
  const need = (field: keyof typeof v, key: MessageKey) => {
    if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: translate(key) });
  };
  if (kind === 'upi') need('upi_id', 'validation.upiId.required');
  if (kind === 'bank') {
    need('account_holder', 'validation.accountHolder.required');
    need('account_number', 'validation.accountNumber.required');
    need('ifsc', 'validation.ifsc.required');
  }
}

/**
 * Admin create/edit (multipart; the optional image goes in the file field `qr`). On edit,
 * leaving out `qr` keeps the current image and `remove_qr=true` removes it.
 */
export const PaymentTypeBodySchema = z
  .strictObject({
    name: requiredText(60, msg('validation.paymentType.name.required'), msg('validation.name.max', { max: 60 })),
    kind: z.enum(PaymentTypeKindSchema.options, msg('validation.paymentType.kind')),
    upi_id: optional(UpiIdSchema),
    account_holder: optional(AccountHolderSchema),
    account_number: optional(AccountNumberSchema),
    ifsc: optional(IfscSchema),
    bank_name: optionalText(100, msg('validation.bankName.max', { max: 100 })),
    is_active: optional(FormBooleanSchema),
    remove_qr: optional(FormBooleanSchema),
  })
  .superRefine((v, ctx) => requireDestination(v, v.kind, ctx), DESTINATION_CHECK);
export type PaymentTypeBody = z.input<typeof PaymentTypeBodySchema>;
export const PAYMENT_TYPE_QR_FIELD = 'qr';
