import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES, type PaymentType } from '@iddesk/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { FormAlert } from '../../../../components/ui/form-alert';
import { ImageField } from '../../../../components/ui/image-field';
import { SegmentedControl } from '../../../../components/ui/segmented-control';
import { TextField } from '../../../../components/ui/text-field';
import { imageFileError } from '../../../../lib/files';
import { showServerErrors } from '../../../../lib/form-errors';
import { useAction } from '../../../../lib/use-action';
import { useSavePaymentType, type PaymentTypeInput } from '../api/payment-types';
import {
  formValuesOf,
  PAYMENT_TYPE_FIELDS,
  PaymentTypeFormSchema,
  type PaymentTypeFormValues,
} from './payment-type-schema';

/** Create (type null) or edit a payment type; back to the list when saved. */
export function PaymentTypeForm({ type }: { type: PaymentType | null }) {
  const navigate = useNavigate();
  const mutation = useSavePaymentType();
  const { run, loading } = useAction();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    formState: { errors },
  } = useForm<PaymentTypeFormValues, unknown, PaymentTypeInput>({
    resolver: zodResolver(PaymentTypeFormSchema),
    defaultValues: formValuesOf(type),
  });
  const kind = useWatch({ control, name: 'kind' });
  const removeQr = useWatch({ control, name: 'remove_qr' });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    const result = await run(() => mutation.mutateAsync({ id: type?.id ?? null, input }));
    if (result.ok) await navigate(ROUTES.adminPaymentTypes);
    else setFormError(showServerErrors(result.error, setError, PAYMENT_TYPE_FIELDS, 'qr'));
  });

  return (
    <Card className="max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <TextField
          label="Name"
          placeholder="PhonePe UPI"
          maxLength={60}
          hint="Customers see this name when they choose how to pay."
          error={errors.name?.message}
          {...register('name')}
        />
        <SegmentedControl
          legend="Kind"
          name="kind"
          value={kind}
          onChange={(value) => setValue('kind', value)}
          options={[
            { value: 'upi', label: 'UPI' },
            { value: 'bank', label: 'Bank transfer' },
          ]}
        />
        {kind === 'upi' ? (
          <TextField
            key="upi"
            label="UPI ID"
            placeholder="name@bank"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.upi_id?.message}
            {...register('upi_id')}
          />
        ) : (
          <div key="bank" className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label="Account holder"
              className="sm:col-span-2"
              error={errors.account_holder?.message}
              {...register('account_holder')}
            />
            <TextField
              label="Account number"
              inputMode="numeric"
              spellCheck={false}
              error={errors.account_number?.message}
              {...register('account_number')}
            />
            <TextField
              label="IFSC code"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.ifsc?.message}
              {...register('ifsc')}
            />
            <TextField
              label="Bank name"
              className="sm:col-span-2"
              hint="Optional, with the branch if it helps."
              error={errors.bank_name?.message}
              {...register('bank_name')}
            />
          </div>
        )}
        <Controller
          control={control}
          name="qr"
          render={({ field, fieldState }) => (
            <ImageField
              label="QR image"
              what="QR image"
              file={field.value}
              onChange={(file) => {
                field.onChange(file);
                const message = file ? imageFileError(file) : null;
                if (message) setError('qr', { type: 'client', message });
                else clearErrors('qr');
              }}
              hint={
                type?.qr_url
                  ? 'Choose a new image to replace the current one.'
                  : 'Optional. A JPEG, PNG or WebP image of at most 5 MB.'
              }
              error={fieldState.error?.message}
              current={
                type?.qr_url && !removeQr ? (
                  <img
                    src={type.qr_url}
                    alt={`Current QR code of ${type.name}`}
                    className="h-40 w-full rounded-lg bg-white object-contain ring-1 ring-slate-200 sm:size-24"
                  />
                ) : null
              }
            />
          )}
        />
        {type?.qr_url ? (
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
            <input type="checkbox" className="size-5 accent-brand-700" {...register('remove_qr')} />
            Remove the current QR image
          </label>
        ) : null}
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('is_active')} />
          Active: customers can pay with it
        </label>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={loading}>
            {type ? 'Save changes' : 'Create payment type'}
          </Button>
          <ButtonLink to={ROUTES.adminPaymentTypes} variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </form>
    </Card>
  );
}
