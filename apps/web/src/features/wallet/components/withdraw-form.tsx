import { zodResolver } from '@hookform/resolvers/zod';
import type { Withdrawal } from '@iddesk/contract';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, SummaryList } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { TextField } from '../../../components/ui/text-field';
import { showServerErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/money';
import { useAction } from '../../../lib/use-action';
import { useWithdraw, type WithdrawInput } from '../api/withdraw';
import { WITHDRAW_FIELDS, withdrawFormSchema, type WithdrawFormValues } from './wallet-schemas';

const EMPTY: WithdrawFormValues = {
  amount: '',
  method: 'upi',
  upi_id: '',
  account_holder: '',
  account_number: '',
  ifsc: '',
};

function destination(input: WithdrawInput): { label: string; value: string }[] {
  if (input.method === 'upi') return [{ label: 'UPI ID', value: input.upi_id }];
  return [
    { label: 'Account holder', value: input.account_holder },
    { label: 'Account number', value: input.account_number },
    { label: 'IFSC', value: input.ifsc },
  ];
}

type WithdrawFormProps = { balance: string | undefined; onSent: (w: Withdrawal) => void };

export function WithdrawForm({ balance, onSent }: WithdrawFormProps) {
  const mutation = useWithdraw();
  const schema = useMemo(() => withdrawFormSchema(balance), [balance]);
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState<WithdrawInput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<WithdrawFormValues, unknown, WithdrawInput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const method = useWatch({ control, name: 'method' });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setConfirming(values);
  });

  const send = async () => {
    if (!confirming) return;
    const result = await run(() => mutation.mutateAsync(confirming), {
      successMessage: 'Withdrawal requested. The amount is held until the desk pays it out.',
    });
    setConfirming(null);
    if (result.ok) {
      reset({ ...EMPTY, method: confirming.method });
      onSent(result.data);
    } else {
      setFormError(showServerErrors(result.error, setError, WITHDRAW_FIELDS));
    }
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <TextField
          label="Amount"
          leading="₹"
          inputMode="decimal"
          autoComplete="off"
          hint={balance ? `Available: ${formatMoney(balance)}` : undefined}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <SegmentedControl
          legend="Send to"
          name="method"
          value={method}
          onChange={(value) => setValue('method', value)}
          options={[
            { value: 'upi', label: 'UPI' },
            { value: 'bank', label: 'Bank account' },
          ]}
        />
        {method === 'upi' ? (
          <TextField
            key="upi"
            label="UPI ID"
            placeholder="name@bank"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.upi_id?.message}
            {...register('upi_id')}
          />
        ) : (
          <div key="bank" className="flex flex-col gap-5">
            <TextField
              label="Account holder name"
              autoComplete="name"
              error={errors.account_holder?.message}
              {...register('account_holder')}
            />
            <TextField
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              error={errors.account_number?.message}
              {...register('account_number')}
            />
            <TextField
              label="IFSC code"
              placeholder="SBIN0001234"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.ifsc?.message}
              {...register('ifsc')}
            />
          </div>
        )}
        <div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            Continue
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Confirm your withdrawal"
        description="The amount is held from your balance now and sent once the desk approves it."
        confirmLabel={confirming ? `Withdraw ${formatMoney(confirming.amount)}` : 'Withdraw'}
        loading={loading}
        onConfirm={() => void send()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'Amount', value: formatMoney(confirming.amount) },
              { label: 'Method', value: confirming.method === 'upi' ? 'UPI' : 'Bank transfer' },
              ...destination(confirming),
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
