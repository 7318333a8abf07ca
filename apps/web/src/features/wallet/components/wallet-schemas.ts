import {
  AccountHolderSchema,
  AccountNumberSchema,
  AddFundsBodySchema,
  IfscSchema,
  PROOF_REQUIRED_MESSAGE,
  UpiIdSchema,
  WithdrawMethodSchema,
} from '@iddesk/contract';
import { z } from 'zod';
import { AmountFieldSchema } from '../../../lib/amount';
import { imageFieldSchema } from '../../../lib/files';
import type { AddFundsInput } from '../api/add-funds';
import type { WithdrawInput } from '../api/withdraw';

/**
 * (The contract's field schemas accept form data of any shape, so their input type is unknown;
 * here they only ever see the form's strings.)
 *
 * The add-funds form: the contract's field rules plus the screenshot, checked in the browser
 * before anything is uploaded. Output is ready for `addFunds`.
 */
export const AddFundsFormSchema = z
  .object({
    amount: AmountFieldSchema,
    payment_type_id: AddFundsBodySchema.shape.payment_type_id as z.ZodType<number, string>,
    reference: AddFundsBodySchema.shape.reference as z.ZodType<string, string>,
    proof: imageFieldSchema(PROOF_REQUIRED_MESSAGE),
  })
  .transform((v): AddFundsInput => ({ ...v, proof: v.proof as File }));

export type AddFundsFormValues = {
  amount: string;
  payment_type_id: string;
  reference: string;
  proof: File | null;
};

export const ADD_FUNDS_FIELDS = ['amount', 'payment_type_id', 'reference', 'proof'] as const;

export type WithdrawFormValues = {
  amount: string;
  method: 'upi' | 'bank';
  upi_id: string;
  account_holder: string;
  account_number: string;
  ifsc: string;
};

export const WITHDRAW_FIELDS = [
  'amount',
  'method',
  'upi_id',
  'account_holder',
  'account_number',
  'ifsc',
] as const;

const MISSING: Record<Exclude<(typeof WITHDRAW_FIELDS)[number], 'amount' | 'method'>, string> = {
  upi_id: 'Enter the UPI ID.',
  account_holder: 'Enter the account holder’s name.',
  account_number: 'Enter the account number.',
  ifsc: 'Enter the IFSC code.',
};

type DestinationField = keyof typeof MISSING;

const DESTINATION_SCHEMAS: Record<DestinationField, z.ZodType<string>> = {
  upi_id: UpiIdSchema,
  account_holder: AccountHolderSchema,
  account_number: AccountNumberSchema,
  ifsc: IfscSchema,
};

const FIELDS_OF = { upi: ['upi_id'], bank: ['account_holder', 'account_number', 'ifsc'] } as const;

const readDestination = (value: string, field: DestinationField) =>
  DESTINATION_SCHEMAS[field].safeParse(value);

/**
 * The withdrawal form keeps both destinations while the user switches between them, but checks
 * and sends only the chosen one. The destination is checked even when the amount is wrong, so
 * every problem shows at once.
 */
export const WithdrawFormSchema = z
  .object({
    amount: AmountFieldSchema,
    method: WithdrawMethodSchema,
    upi_id: z.string(),
    account_holder: z.string(),
    account_number: z.string(),
    ifsc: z.string(),
  })
  .superRefine(
    (v, ctx) => {
      const method = v.method === 'bank' ? 'bank' : v.method === 'upi' ? 'upi' : null;
      if (!method) return;
      for (const field of FIELDS_OF[method]) {
        const raw = typeof v[field] === 'string' ? v[field] : '';
        if (!raw.trim()) {
          ctx.addIssue({ code: 'custom', path: [field], message: MISSING[field] });
          continue;
        }
        const parsed = readDestination(raw, field);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? MISSING[field];
          ctx.addIssue({ code: 'custom', path: [field], message });
        }
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((v): WithdrawInput => {
    const clean = (field: DestinationField) => readDestination(v[field], field).data ?? '';
    if (v.method === 'upi') return { amount: v.amount, method: 'upi', upi_id: clean('upi_id') };
    return {
      amount: v.amount,
      method: 'bank',
      account_holder: clean('account_holder'),
      account_number: clean('account_number'),
      ifsc: clean('ifsc'),
    };
  });
