import {
  AddFundsBodySchema,
  type MoneyLimits,
  proofRequiredMessage,
  WithdrawMethodSchema,
} from '@iddesk/contract';
import { z } from 'zod';
import { exceedsBalance, limitedAmountField } from '../../../lib/amount';
import {
  ALWAYS_CHECK,
  checkDestination,
  cleanDestination,
  type DestinationField,
} from './destination';
import { imageFieldSchema } from '../../../lib/files';
import { formatMoney } from '../../../lib/money';
import { walletText } from '../i18n';
import type { AddFundsInput } from '../api/add-funds';
import type { WithdrawInput } from '../api/withdraw';

/**
 * (The contract's field schemas accept form data of any shape, so their input type is unknown;
 * here they only ever see the form's strings.)
 *
 * The add-funds form: the contract's field rules, the owners' limits once known (issue 17) and
 * the screenshot, checked in the browser before anything is uploaded. Output is ready for
 * `addFunds`.
 */
export const addFundsFormSchema = (limits: MoneyLimits | undefined) =>
  z
    .object({
      amount: limitedAmountField(limits, 'add_funds'),
      payment_type_id: AddFundsBodySchema.shape.payment_type_id as z.ZodType<number, string>,
      reference: AddFundsBodySchema.shape.reference as z.ZodType<string, string>,
      proof: imageFieldSchema(proofRequiredMessage),
    })
    .transform((v): AddFundsInput => ({ ...v, proof: v.proof as File }));

export type AddFundsFormValues = {
  amount: string;
  payment_type_id: string;
  reference: string;
  proof: File | null;
};

export type WithdrawFormValues = {
  amount: string;
  method: 'upi' | 'bank';
  upi_id: string;
  account_holder: string;
  account_number: string;
  ifsc: string;
};

/**
 * The withdrawal form keeps both destinations while the user switches between them, but checks
 * and sends only the chosen one. The destination is checked even when the amount is wrong, so
 * every problem shows at once. With the balance and the owners' limits known, an amount above
 * the balance or outside the limits is refused here too (the server has the last word: 409
 * when the balance changed meanwhile, 422 over the day's payout total, which it alone counts).
 */
export const withdrawFormSchema = (balance?: string, limits?: MoneyLimits) =>
  z
    .object({
      amount: limitedAmountField(limits, 'withdraw').superRefine((amount, ctx) => {
        if (exceedsBalance(amount, balance)) {
          ctx.addIssue({
            code: 'custom',
            message: walletText.t('overBalance', { balance: formatMoney(balance) }),
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
