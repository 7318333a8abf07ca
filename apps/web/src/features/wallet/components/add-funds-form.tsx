import { zodResolver } from '@hookform/resolvers/zod';
import type { Bill, PaymentType } from '@iddesk/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog, SummaryList } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { ImageField } from '../../../components/ui/image-field';
import { TextField } from '../../../components/ui/text-field';
import { imageFileError } from '../../../lib/files';
import { formatMoney } from '../../../lib/money';
import { useAction } from '../../../lib/use-action';
import { useAddFunds, type AddFundsInput } from '../api/add-funds';
import { showServerErrors } from '../../../lib/form-errors';
import { PaymentDetails } from './payment-details';
import { PaymentTypePicker } from './payment-type-picker';
import { ADD_FUNDS_FIELDS, AddFundsFormSchema, type AddFundsFormValues } from './wallet-schemas';

type AddFundsFormProps = { types: PaymentType[]; onSent: (bill: Bill) => void };

/** Step 1 pay (choose a method, copy its details), step 2 tell us (amount, UTR, screenshot). */
export function AddFundsForm({ types, onSent }: AddFundsFormProps) {
  const mutation = useAddFunds();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState<AddFundsInput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    getValues,
    formState: { errors },
  } = useForm<AddFundsFormValues, unknown, AddFundsInput>({
    resolver: zodResolver(AddFundsFormSchema),
    defaultValues: {
      amount: '',
      payment_type_id: types[0] ? String(types[0].id) : '',
      reference: '',
      proof: null,
    },
  });

  const selectedId = useWatch({ control, name: 'payment_type_id' });
  const selected = types.find((t) => String(t.id) === selectedId) ?? null;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setConfirming(values);
  });

  const send = async () => {
    if (!confirming) return;
    const result = await run(() => mutation.mutateAsync(confirming), {
      successMessage: 'Top-up sent. We will credit your wallet once the payment is checked.',
    });
    setConfirming(null);
    if (result.ok) {
      reset({
        amount: '',
        payment_type_id: getValues('payment_type_id'),
        reference: '',
        proof: null,
      });
      onSent(result.data);
    } else {
      setFormError(showServerErrors(result.error, setError, ADD_FUNDS_FIELDS, 'proof'));
    }
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-5">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">1. Pay to one of our accounts</h2>
            <p className="mt-1 text-slate-600">
              Use your banking or UPI app, then keep the reference number it shows.
            </p>
          </div>
          <PaymentTypePicker
            types={types}
            registration={register('payment_type_id')}
            error={errors.payment_type_id?.message}
          />
          {selected ? <PaymentDetails type={selected} /> : null}
        </Card>

        <Card className="flex flex-col gap-5 self-start">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">2. Tell us about your payment</h2>
            <p className="mt-1 text-slate-600">We match these with the payment we received.</p>
          </div>
          <FormAlert message={formError} />
          <TextField
            label="Amount"
            leading="₹"
            inputMode="decimal"
            autoComplete="off"
            hint="The exact amount you paid."
            error={errors.amount?.message}
            {...register('amount')}
          />
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
                  const message = file ? imageFileError(file) : null;
                  if (message) setError('proof', { type: 'client', message });
                  else clearErrors('proof');
                }}
                hint="A JPEG, PNG or WebP image of at most 5 MB."
                error={fieldState.error?.message}
              />
            )}
          />
          <div>
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              Continue
            </Button>
          </div>
        </Card>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Confirm your top-up"
        description="Check the details. Your wallet is credited once the desk matches them with the payment."
        confirmLabel="Send for approval"
        loading={loading}
        onConfirm={() => void send()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'Amount', value: formatMoney(confirming.amount) },
              {
                label: 'Paid to',
                value: types.find((t) => t.id === confirming.payment_type_id)?.name ?? '—',
              },
              { label: 'Reference', value: confirming.reference },
              { label: 'Screenshot', value: confirming.proof.name },
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
