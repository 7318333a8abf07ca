import { AddFundsBodySchema, PROOF_REQUIRED_MESSAGE, WithdrawMethodSchema } from '@iddesk/contract';
import { z } from 'zod';
import { AmountFieldSchema, exceedsBalance } from '../../../lib/amount';
import {
  ALWAYS_CHECK,
  checkDestination,
  cleanDestination,
  type DestinationField,
} from './destination';
import { imageFieldSchema } from '../../../lib/files';
import { formatMoney } from '../../../lib/money';
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

/**
 * The withdrawal form keeps both destinations while the user switches between them, but checks
 * and sends only the chosen one. The destination is checked even when the amount is wrong, so
 * every problem shows at once. With the balance known, an amount above it is refused here too
 * (the server has the last word: it answers 409 when the balance changed meanwhile).
 */
export const withdrawFormSchema = (balance?: string) =>
  z
    .object({
      amount: AmountFieldSchema.superRefine((amount, ctx) => {
        if (exceedsBalance(amount, balance)) {
          ctx.addIssue({
            code: 'custom',
            message: `That is more than your available balance of ${formatMoney(balance)}.`,
          });
        }
      }),
      method: WithdrawMethodSchema,
      upi_id: z.string(),
      account_holder: z.string(),
      account_number: z.string(),
      ifsc: z.string(),
    })
    .superRefine((v, ctx) => checkDestination(v, v.method, ctx), ALWAYS_CHECK)
    .transform((v): WithdrawInput => {
      const clean = (field: DestinationField) => cleanDestination(v, field);
      if (v.method === 'upi') return { amount: v.amount, method: 'upi', upi_id: clean('upi_id') };
      return {
        amount: v.amount,
        method: 'bank',
        account_holder: clean('account_holder'),
        account_number: clean('account_number'),
        ifsc: clean('ifsc'),
      };
    });
