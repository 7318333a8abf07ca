import { ROUTES, type PaymentType } from '@iddesk/contract';
import { Landmark, Wallet } from 'lucide-react';
import { type ComponentProps, useEffect, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AppForm } from '../../../components/ui/app-form';
import { FormConfirm } from '../../../components/ui/form-confirm';
import { Button } from '../../../components/ui/button';
import type { SummaryItem } from '../../../components/ui/confirm-dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { QuickAmounts } from '../../../components/ui/quick-amounts';
import { INPUT, TextField } from '../../../components/ui/text-field';
import type { ApiResponse } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/money';
import { PaymentProofFields, PaymentTypeChoice, usePaymentTypes } from '../../wallet';
import { useAppForm } from '../../../lib/use-app-form';
import type { PaymentInput } from '../api/payment-form';
import { walletState, type PaymentFormValues, type PaymentLimits } from './id-form-schemas';
import { paymentSummary } from './payment-summary';
import { idsText } from '../i18n';

/** A payment form's checked values: the payment, and a new ID's username. */
type IdPaymentValues = PaymentInput & { username?: string };

type PaymentFormProps = {
  /** createIdFormSchema or depositFormSchema, with the limits of `limits`. */
  schema: z.ZodType<IdPaymentValues, PaymentFormValues & { username?: string }>;
  /** Fields of the form beyond the payment part (the new ID's username). */
  extraValues?: Record<string, string>;
  limits: PaymentLimits;
  amountHint: string;
  /** Chips that fill the amount (the deposit form): their group's name and the range they keep to. */
  quickAmounts?: ComponentProps<typeof QuickAmounts>;
  submitLabel: string;
  submit: (values: IdPaymentValues, idempotencyKey: string) => Promise<ApiResponse<unknown>>;
  successMessage: string;
  /** Where to go once the request is in. */
  done: string;
  confirm: {
    title: string;
    /** What happens, paying from the wallet and by a payment. */
    wallet: string;
    payment: string;
    label: string;
    /** The lines before the payment's own. */
    items: SummaryItem[] | ((values: IdPaymentValues) => SummaryItem[]);
  };
  /** Fields before the amount. */
  children?: ReactNode;
};

/**
 * The new-ID and ID-deposit form: an amount paid from the wallet (held now) or by a payment
 * with its proof, a confirmation, then the request and off to `done`.
 */
export function PaymentForm(props: PaymentFormProps) {
  const { limits, confirm } = props;
  const navigate = useNavigate();
  const types = usePaymentTypes();
  const t = idsText.useT();
  const app = useAppForm({
    schema: props.schema,
    defaultValues: {
      ...props.extraValues,
      amount: '',
      pay_from: 'wallet',
      payment_type_id: '',
      reference: '',
      proof: null,
    },
    fileField: 'proof',
    confirm: true,
    submit: props.submit,
    action: { successMessage: props.successMessage },
    onSuccess: () => navigate(props.done),
  });
  return (
    <>
      <AppForm app={app} className="flex flex-col gap-5">
        {props.children}
        <TextField
          label={t('amount')}
          {...INPUT.amount}
          hint={props.amountHint}
          {...app.field('amount')}
        />
        {props.quickAmounts ? <QuickAmounts {...props.quickAmounts} /> : null}
        <PaymentFields limits={limits} />
        <div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            {props.submitLabel}
          </Button>
        </div>
      </AppForm>
      <FormConfirm
        app={app}
        title={confirm.title}
        description={app.confirming?.pay_from === 'wallet' ? confirm.wallet : confirm.payment}
        confirmLabel={confirm.label}
        items={(v) => [
          ...(typeof confirm.items === 'function' ? confirm.items(v) : confirm.items),
          ...paymentSummary(v, types.data),
        ]}
      />
    </>
  );
}

const optionClass = cn(
  'flex min-h-16 cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-3 transition-colors',
  'hover:border-slate-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600',
  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-slate-50 has-[:disabled]:hover:border-slate-300',
);

/**
 * The payment part of the create-ID and deposit forms: pay from the wallet (its balance shown,
 * disabled when it cannot reach the minimum) or by a payment with its reference and screenshot.
 */
function PaymentFields({ limits }: { limits: PaymentLimits }) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext<PaymentFormValues>();
  const t = idsText.useT();
  const payFrom = useWatch({ control, name: 'pay_from' });
  const amount = useWatch({ control, name: 'amount' });
  const state = walletState(amount, limits);
  const walletDisabled = state === 'below-minimum';

  // The balance arrives (or drops) after the form opened: never leave an impossible choice on.
  useEffect(() => {
    if (walletDisabled && payFrom === 'wallet') setValue('pay_from', 'payment');
  }, [walletDisabled, payFrom, setValue]);

  const balance =
    limits.balance === undefined
      ? t('pay.loadingBalance')
      : t('pay.available', { balance: formatMoney(limits.balance) });

  return (
    <>
      <fieldset aria-describedby={errors.pay_from ? 'pay-from-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('pay.legend')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <label className={optionClass}>
            <input
              type="radio"
              value="wallet"
              disabled={walletDisabled}
              className="sr-only"
              aria-describedby={walletDisabled ? 'wallet-hint' : undefined}
              {...register('pay_from')}
            />
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
              <Wallet className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{t('pay.wallet')}</span>
              <span className="block text-sm text-slate-600">{balance}</span>
            </span>
          </label>
          <label className={optionClass}>
            <input type="radio" value="payment" className="sr-only" {...register('pay_from')} />
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
              <Landmark className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{t('pay.payment')}</span>
              <span className="block text-sm text-slate-600">{t('pay.paymentHint')}</span>
            </span>
          </label>
        </div>
        {walletDisabled ? (
          <p id="wallet-hint" className="mt-2 text-sm text-slate-700">
            {t('pay.belowMinimum', { minimum: formatMoney(limits.minDeposit) })}{' '}
            <Link
              to={ROUTES.addFunds}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {t('pay.addFunds')}
            </Link>{' '}
            {t('pay.orPayment')}
          </p>
        ) : payFrom === 'wallet' && state === 'short' ? (
          <p className="mt-2 text-sm text-amber-800">
            {t('pay.short', { balance: formatMoney(limits.balance) })}
          </p>
        ) : payFrom === 'wallet' ? (
          <p className="mt-2 text-sm text-slate-600">{t('pay.held')}</p>
        ) : null}
        {errors.pay_from?.message ? (
          <p id="pay-from-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
            {errors.pay_from.message}
          </p>
        ) : null}
      </fieldset>

      {payFrom === 'payment' ? <PaymentPart /> : null}
    </>
  );
}

function PaymentPart() {
  const types = usePaymentTypes();
  const t = idsText.useT();
  const { control, setValue } = useFormContext<PaymentFormValues>();
  const selectedId = useWatch({ control, name: 'payment_type_id' });
  const first: PaymentType | undefined = types.data?.[0];

  // Start on the first method, as the add-funds form does; a choice already made is kept.
  useEffect(() => {
    if (first && !selectedId) setValue('payment_type_id', String(first.id));
  }, [first, selectedId, setValue]);

  if (types.isPending) return <ListLoading label={t('pay.loadingTypes')} rows={2} />;
  if (types.isError) {
    return (
      <ListError
        message={types.error.message}
        onRetry={() => void types.refetch()}
        retrying={types.isFetching}
      />
    );
  }
  if (types.data.length === 0) {
    return (
      <p
        role="alert"
        className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
      >
        {t('pay.noTypes')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5 border-t border-slate-200 pt-5">
      <PaymentTypeChoice types={types.data} />
      <PaymentProofFields />
    </div>
  );
}
