import {
  AccountHolderSchema,
  AccountNumberSchema,
  IfscSchema,
  UpiIdSchema,
  type PaymentTypeKind,
} from '@iddesk/contract';
import { walletText } from '../i18n';
import type { z } from 'zod';

/**
 * UPI or bank details, as typed into a form that keeps both sets while the user switches
 * between them (the withdrawal form, the admin's payment type form). Only the chosen kind's
 * fields are checked and sent.
 */
export type DestinationValues = {
  upi_id: string;
  account_holder: string;
  account_number: string;
  ifsc: string;
};
export type DestinationField = keyof DestinationValues;

export const DESTINATION_FIELDS: Record<PaymentTypeKind, readonly DestinationField[]> = {
  upi: ['upi_id'],
  bank: ['account_holder', 'account_number', 'ifsc'],
};

const SCHEMAS: Record<DestinationField, z.ZodType<string>> = {
  upi_id: UpiIdSchema,
  account_holder: AccountHolderSchema,
  account_number: AccountNumberSchema,
  ifsc: IfscSchema,
};

/** "Enter the UPI ID.", in the page's language when the check runs. */
const missing = (field: DestinationField) => walletText.t(`missing.${field}`);

/** Adds an issue for every missing or malformed field of the chosen kind. */
export function checkDestination(
  values: Partial<Record<DestinationField, unknown>>,
  kind: unknown,
  ctx: z.RefinementCtx,
): void {
  if (kind !== 'upi' && kind !== 'bank') return;
  for (const field of DESTINATION_FIELDS[kind]) {
    const raw = typeof values[field] === 'string' ? values[field] : '';
    if (!raw.trim()) {
      ctx.addIssue({ code: 'custom', path: [field], message: missing(field) });
      continue;
    }
    const parsed = SCHEMAS[field].safeParse(raw);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? missing(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  }
}

/** A checked field in its clean form (IFSC upper case, account number without spaces). */
export function cleanDestination(values: DestinationValues, field: DestinationField): string {
  return SCHEMAS[field].safeParse(values[field]).data ?? '';
}

/** Lets a refinement run even when other fields failed, so every problem shows at once. */
export const ALWAYS_CHECK = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};
