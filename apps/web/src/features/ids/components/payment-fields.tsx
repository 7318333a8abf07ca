import { ROUTES } from '@iddesk/contract';
import { Landmark, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { PaymentDetails } from '../../wallet';
import { PaymentTypePicker } from '../../wallet';
import { ImageField } from '../../../components/ui/image-field';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { imageFileError } from '../../../lib/files';
import { formatMoney } from '../../../lib/money';
import { usePaymentTypes } from '../../wallet';
import { walletState, type PaymentFormValues, type PaymentLimits } from './id-form-schemas';

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
export function PaymentFields({ limits }: { limits: PaymentLimits }) {
  const {
    register,
    control,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useFormContext<PaymentFormValues>();
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
      ? 'Loading your balance…'
      : `${formatMoney(limits.balance)} available`;

  return (
    <>
      <fieldset aria-describedby={errors.pay_from ? 'pay-from-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Pay with</legend>
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
              <span className="block font-semibold text-slate-900">Wallet</span>
              <span className="block text-sm text-slate-600">{balance}</span>
            </span>
          </label>
          <label className={optionClass}>
            <input type="radio" value="payment" className="sr-only" {...register('pay_from')} />
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
              <Landmark className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">Payment</span>
              <span className="block text-sm text-slate-600">UPI or bank, with a screenshot</span>
            </span>
          </label>
        </div>
        {walletDisabled ? (
          <p id="wallet-hint" className="mt-2 text-sm text-slate-700">
            Your wallet balance is below the {formatMoney(limits.minDeposit)} minimum.{' '}
            <Link
              to={ROUTES.addFunds}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              Add funds
            </Link>{' '}
            or pay by payment.
          </p>
        ) : payFrom === 'wallet' && state === 'short' ? (
          <p className="mt-2 text-sm text-amber-800">
            Your wallet has {formatMoney(limits.balance)}: lower the amount or pay by payment.
          </p>
        ) : payFrom === 'wallet' ? (
          <p className="mt-2 text-sm text-slate-600">
            The amount is held from your wallet now and settled when the desk approves.
          </p>
        ) : null}
        {errors.pay_from?.message ? (
          <p id="pay-from-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
            {errors.pay_from.message}
          </p>
        ) : null}
      </fieldset>

      {payFrom === 'payment' ? (
        <PaymentPart
          onProof={(file) => {
            const message = file ? imageFileError(file) : null;
            if (message) setError('proof', { type: 'client', message });
            else clearErrors('proof');
          }}
        />
      ) : null}
    </>
  );
}

function PaymentPart({ onProof }: { onProof: (file: File | null) => void }) {
  const types = usePaymentTypes();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext<PaymentFormValues>();
  const selectedId = useWatch({ control, name: 'payment_type_id' });
  const selected = types.data?.find((t) => String(t.id) === selectedId) ?? null;
  const first = types.data?.[0];

  // Start on the first method, as the add-funds form does; a choice already made is kept.
  useEffect(() => {
    if (first && !selectedId) setValue('payment_type_id', String(first.id));
  }, [first, selectedId, setValue]);

  if (types.isPending) return <ListLoading label="Loading payment methods" rows={2} />;
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
        No payment methods are open right now. Pay from your wallet, or try again later.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5 border-t border-slate-200 pt-5">
      <PaymentTypePicker
        types={types.data}
        registration={register('payment_type_id')}
        error={errors.payment_type_id?.message}
      />
      {selected ? <PaymentDetails type={selected} /> : null}
      <TextField
        label="Reference (UTR)"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="The UTR or transaction ID from your payment app."
        error={errors.reference?.message}
        {...register('reference')}
      />
      <Controller
        control={control}
        name="proof"
        render={({ field, fieldState }) => (
          <ImageField
            label="Payment screenshot"
            what="screenshot"
            file={field.value}
            onChange={(file) => {
              field.onChange(file);
              onProof(file);
            }}
            hint="A JPEG, PNG or WebP image of at most 5 MB."
            error={fieldState.error?.message}
          />
        )}
      />
    </div>
  );
}
