import {
  limitProblem,
  limitRangeText,
  type MoneyLimits,
  proofRequiredMessage,
  UsernameSchema,
} from '@iddesk/contract';
import { z } from 'zod';
import {
  amountInputError,
  amountMinor,
  exceedsBalance,
  limitedAmountField,
  normaliseAmount,
} from '../../../lib/amount';
import { imageFileError } from '../../../lib/files';
import { formatMoney } from '../../../lib/money';
import type { PaymentInput } from '../api/payment-form';
import { idsText } from '../i18n';

/** What the payment part of the create and deposit forms holds while the user types. */
export type PaymentFormValues = {
  amount: string;
  pay_from: 'wallet' | 'payment';
  payment_type_id: string;
  reference: string;
  proof: File | null;
};

export type CreateIdFormValues = PaymentFormValues & { username: string };

/** The owners' limits of the operation a payment form makes (issue 17). */
export type OwnersLimits = {
  limits: MoneyLimits | undefined;
  operation: 'id_create' | 'id_deposit';
};

/** What the form knows about the money around it: the item's minimum, the limits, the wallet. */
export type PaymentLimits = {
  /** The catalogue item's `min_deposit` (wire format); undefined when not known. */
  minDeposit?: string | undefined;
  /** The wallet's available balance (wire format); undefined while it loads. */
  balance?: string | undefined;
  /** The owners' limits; absent or `limits` undefined while the settings load. */
  owners?: OwnersLimits | undefined;
};

const toMinor = amountMinor;

/** The amount's message: the common amount rules, the item's minimum, then the owners' limits. */
export function amountError(
  text: string,
  minDeposit?: string,
  owners?: OwnersLimits,
): string | null {
  const basic = amountInputError(text);
  if (basic) return basic;
  const amount = toMinor(text);
  const min = toMinor(minDeposit);
  if (amount !== null && min !== null && amount < min) {
    return idsText.t('minimumError', { amount: formatMoney(minDeposit) });
  }
  if (amount !== null && owners?.limits)
    return limitProblem(owners.limits, owners.operation, amount);
  return null;
}

/** What the amount may be, said before anything is typed: "₹500.00 to ₹5,00,000.00". */
export function amountRangeHint({ minDeposit, owners }: PaymentLimits): string | null {
  const min = toMinor(minDeposit) ?? undefined;
  if (owners?.limits) return limitRangeText(owners.limits, owners.operation, min);
  return minDeposit ? idsText.t('atLeast', { amount: formatMoney(minDeposit) }) : null;
}

export type WalletState =
  /** Balance not known yet: offer the wallet, the server has the last word. */
  | 'unknown'
  | 'ok'
  /** The balance does not reach even the minimum: the wallet option is disabled. */
  | 'below-minimum'
  /** The balance is under the typed amount (but covers the minimum). */
  | 'short';

/** Whether the wallet can pay `amountText`. */
export function walletState(
  amountText: string,
  { minDeposit, balance }: PaymentLimits,
): WalletState {
  const available = toMinor(balance);
  if (available === null) return 'unknown';
  const min = toMinor(minDeposit);
  if (min !== null && available < min) return 'below-minimum';
  if (amountText.trim() && exceedsBalance(amountText, balance)) return 'short';
  return 'ok';
}

const PAYMENT_SHAPE = {
  amount: z.string(),
  pay_from: z.enum(['wallet', 'payment']),
  payment_type_id: z.string(),
  reference: z.string(),
  proof: z.custom<File | null>((v) => v === null || v instanceof Blob),
};

/** Every problem of the payment part at once, on the field it belongs to. */
function checkPayment(v: PaymentFormValues, limits: PaymentLimits, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const amount = amountError(v.amount, limits.minDeposit, limits.owners);
  if (amount) issue('amount', amount);
  if (v.pay_from === 'wallet') {
    const state = walletState(v.amount, limits);
    if (state === 'below-minimum') {
      issue('pay_from', idsText.t('walletBelowMinimum'));
    } else if (!amount && state === 'short') {
      issue('amount', idsText.t('overWallet', { balance: formatMoney(limits.balance) }));
    }
    return;
  }
  if (!/^\d{1,10}$/.test(v.payment_type_id))
    issue('payment_type_id', idsText.t('choosePaymentType'));
  const reference = v.reference.trim();
  if (!reference) issue('reference', idsText.t('enterReference'));
  else if (reference.length > 64) {
    issue('reference', idsText.t('referenceTooLong'));
  }
  if (!v.proof) issue('proof', proofRequiredMessage());
  else {
    const message = imageFileError(v.proof);
    if (message) issue('proof', message);
  }
}

/** The values, known to be valid, as the call's input; other-method fields are dropped. */
function toPaymentInput(v: PaymentFormValues): PaymentInput {
  const amount = normaliseAmount(v.amount) ?? '';
  if (v.pay_from === 'wallet') return { amount, pay_from: 'wallet' };
  return {
    amount,
    pay_from: 'payment',
    payment_type_id: Number(v.payment_type_id),
    reference: v.reference.trim(),
    proof: v.proof as File,
  };
}

/** The deposit form: amount at least the minimum, paid from a wallet that covers it or by payment. */
export const depositFormSchema = (limits: PaymentLimits) =>
  z
    .object(PAYMENT_SHAPE)
    .superRefine((v, ctx) => checkPayment(v, limits, ctx))
    .transform(toPaymentInput);

/** The new-ID form: the deposit form plus the contract's username rule. */
export const createIdFormSchema = (limits: PaymentLimits) =>
  z
    .object({ ...PAYMENT_SHAPE, username: z.string() })
    .superRefine((v, ctx) => {
      const username = UsernameSchema.safeParse(v.username);
      if (!username.success) {
        const message = username.error.issues[0]?.message ?? idsText.t('enterUsername');
        ctx.addIssue({ code: 'custom', path: ['username'], message });
      }
      checkPayment(v, limits, ctx);
    })
    .transform((v) => ({ ...toPaymentInput(v), username: v.username.trim() }));

export type CreateIdFormOutput = z.output<ReturnType<typeof createIdFormSchema>>;

/** `/my_ids/{id}/withdraw`: an amount within the owners' ID-withdrawal limits (once known). */
export const idWithdrawFormSchema = (limits: MoneyLimits | undefined) =>
  z.object({ amount: limitedAmountField(limits, 'id_withdraw') });
