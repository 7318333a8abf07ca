import { msg, PaymentTypeBodySchema, type PaymentType } from '@iddesk/contract';
import { z } from 'zod';
import { ALWAYS_CHECK, checkDestination, cleanDestination } from '../../components/destination';
import { imageFieldSchema } from '../../../../lib/image-field-schema';
import type { PaymentTypeInput } from '../api/payment-types';

/** The form holds what the API call sends. */
export type PaymentTypeFormValues = PaymentTypeInput;

const shape = PaymentTypeBodySchema.shape;

/** The admin's payment type form: the contract's rules, checked for the chosen kind only. */
export const PaymentTypeFormSchema = z
  .object({
    name: shape.name as z.ZodType<string, string>,
    kind: z.enum(['upi', 'bank'], msg('validation.paymentType.kind')),
    upi_id: z.string(),
    account_holder: z.string(),
    account_number: z.string(),
    ifsc: z.string(),
    bank_name: shape.bank_name as z.ZodType<string | undefined, string>,
    is_active: z.boolean(),
    qr: imageFieldSchema(),
    remove_qr: z.boolean(),
  })
  .superRefine((v, ctx) => checkDestination(v, v.kind, ctx), ALWAYS_CHECK)
  .transform((v): PaymentTypeInput => ({
    ...v,
    upi_id: cleanDestination(v, 'upi_id'),
    account_holder: cleanDestination(v, 'account_holder'),
    account_number: cleanDestination(v, 'account_number'),
    ifsc: cleanDestination(v, 'ifsc'),
    bank_name: v.bank_name ?? '',
  }));

export function formValuesOf(type: PaymentType | null): PaymentTypeFormValues {
  return {
    name: type?.name ?? '',
    kind: type?.kind ?? 'upi',
    upi_id: type?.upi_id ?? '',
    account_holder: type?.account_holder ?? '',
    account_number: type?.account_number ?? '',
    ifsc: type?.ifsc ?? '',
    bank_name: type?.bank_name ?? '',
    is_active: type?.is_active ?? true,
    qr: null,
    remove_qr: false,
  };
}
