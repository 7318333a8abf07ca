import { zodResolver } from '@hookform/resolvers/zod';
import { WithdrawalApproveBodySchema, type Withdrawal } from '@iddesk/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog, SummaryList } from '../../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../../components/ui/form-alert';
import { ImageField } from '../../../../components/ui/image-field';
import { TextField } from '../../../../components/ui/text-field';
import type { ActionResult } from '../../../../lib/action';
import { imageFieldSchema, imageFileError } from '../../../../lib/files';
import { showServerErrors } from '../../../../lib/form-errors';
import { formatMoney } from '../../../../lib/money';
import { destinationText } from './withdrawal-list-pages';

type Values = { reference: string; proof: File | null };
type Output = { reference: string; proof: File | null };

const ApproveFormSchema = z.object({
  reference: z
    .string()
    .pipe(WithdrawalApproveBodySchema.shape.reference as z.ZodType<string | undefined, string>)
    .transform((v) => v ?? ''),
  proof: imageFieldSchema(),
});

type WithdrawalApproveProps = {
  withdrawal: Withdrawal;
  loading: boolean;
  onApprove: (values: Output) => Promise<ActionResult<unknown>>;
};

/** Approve after paying out, with the payout reference and screenshot if there are any. */
export function WithdrawalApprove({ withdrawal, loading, onApprove }: WithdrawalApproveProps) {
  const [confirming, setConfirming] = useState<Output | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(ApproveFormSchema),
    defaultValues: { reference: '', proof: null },
  });
  const amount = formatMoney(withdrawal.amount);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setConfirming(values);
  });

  const approve = async () => {
    if (!confirming) return;
    const result = await onApprove(confirming);
    setConfirming(null);
    if (!result.ok) {
      setFormError(showServerErrors(result.error, setError, ['reference', 'proof'], 'proof'));
    }
  };

  return (
    <section aria-labelledby="approve-heading">
      <h2 id="approve-heading" className="text-lg font-semibold text-slate-900">
        Approve
      </h2>
      <p className="mt-1 text-slate-600">
        Send {amount} to the destination shown, then approve. The held amount is settled.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <FormAlert message={formError} />
        <TextField
          label="Payout reference"
          hint="Optional: the UTR or transaction ID of your payout."
          autoComplete="off"
          spellCheck={false}
          error={errors.reference?.message}
          {...register('reference')}
        />
        <Controller
          control={control}
          name="proof"
          render={({ field, fieldState }) => (
            <ImageField
              label="Payout screenshot"
              what="payout screenshot"
              file={field.value}
              onChange={(file) => {
                field.onChange(file);
                const message = file ? imageFileError(file) : null;
                if (message) setError('proof', { type: 'client', message });
                else clearErrors('proof');
              }}
              hint="Optional. A JPEG, PNG or WebP image of at most 5 MB."
              error={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit">Approve</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Approve withdrawal #${withdrawal.id}?`}
        description={`Confirm that ${amount} has been sent to ${withdrawal.user.name}. This cannot be undone.`}
        confirmLabel="Approve payout"
        loading={loading}
        onConfirm={() => void approve()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'Amount', value: amount },
              { label: 'Sent to', value: destinationText(withdrawal) },
              { label: 'Payout reference', value: confirming.reference || 'None' },
              { label: 'Screenshot', value: confirming.proof?.name ?? 'None' },
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
