import {
  AddFundsBodySchema,
  dailyPayoutProblem,
  type MoneyLimits,
  parseAmount,
  proofRequiredMessage,
  WithdrawMethodSchema,
} from '@iddesk/contract';
import { z } from 'zod';
import { amountMinor, exceedsBalance, limitedAmountField } from '../../../lib/amount';
import {
  ALWAYS_CHECK,
  checkDestination,
  cleanDestination,
  type DestinationField,
} from './destination';
import { imageFieldSchema } from '../../../lib/image-field-schema';
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
 * every problem shows at once. With the balance, the owners' limits and what the customer
 * asked for today (`askedToday`, wire format, from `GET /withdraw/today`) known, an amount
 * above the balance, outside the limits or over what is left of the day's payout total is
 * refused here too, with the server's words (it has the last word: 409 when the balance
 * changed meanwhile, 422 when another withdrawal took the day's total first).
 */
export const withdrawFormSchema = (balance?: string, limits?: MoneyLimits, askedToday?: string) =>
  z
    .object({
      amount: limitedAmountField(limits, 'withdraw').superRefine((amount, ctx) => {
        if (exceedsBalance(amount, balance)) {
          ctx.addIssue({
            code: 'custom',
            message: walletText.t('overBalance', { balance: formatMoney(balance) }),
          });
          return;
        }
        const asked = askedToday === undefined ? null : parseAmount(askedToday);
        const minor = amountMinor(amount);
        const overDaily = limits && asked !== null && minor !== null ? dailyPayoutProblem(limits, asked, minor) : null;
        if (overDaily) ctx.addIssue({ code: 'custom', message: overDaily });
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
