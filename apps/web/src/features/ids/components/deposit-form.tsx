import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES, type UserId } from '@iddesk/contract';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, SummaryList } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { showServerErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/money';
import { usePaymentTypes } from '../../wallet';
import { useAction } from '../../../lib/use-action';
import { useDepositToId } from '../api/deposit';
import type { PaymentInput } from '../api/payment-form';
import {
  depositFormSchema,
  PAYMENT_FIELDS,
  type PaymentFormValues,
  type PaymentLimits,
} from './id-form-schemas';
import { PaymentFields } from './payment-fields';
import { paymentSummary } from './payment-summary';

type DepositFormProps = { userId: UserId; limits: PaymentLimits };

export function DepositForm({ userId, limits }: DepositFormProps) {
  const navigate = useNavigate();
  const mutation = useDepositToId();
  const types = usePaymentTypes();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState<PaymentInput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(depositFormSchema(limits)), [limits]);
  const form = useForm<PaymentFormValues, unknown, PaymentInput>({
    resolver,
    defaultValues: {
      amount: '',
      pay_from: 'wallet',
      payment_type_id: '',
      reference: '',
      proof: null,
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setConfirming(values);
  });

  const send = async () => {
    if (!confirming) return;
    const result = await run(() => mutation.mutateAsync({ ...confirming, userIdId: userId.id }), {
      successMessage: 'Deposit requested. The desk adds it to your ID shortly.',
    });
    setConfirming(null);
    if (result.ok) await navigate(ROUTES.myId(userId.id));
    else setFormError(showServerErrors(result.error, setError, PAYMENT_FIELDS, 'proof'));
  };

  return (
    <>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormAlert message={formError} />
          <TextField
            label="Amount"
            leading="₹"
            inputMode="decimal"
            autoComplete="off"
            hint={
              limits.minDeposit
                ? `At least ${formatMoney(limits.minDeposit)}.`
                : 'The amount to put into the ID.'
            }
            error={errors.amount?.message}
            {...register('amount')}
          />
          <PaymentFields limits={limits} />
          <div>
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              Deposit
            </Button>
          </div>
        </form>
      </FormProvider>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Deposit to your ${userId.item.name} ID?`}
        description={
          confirming?.pay_from === 'wallet'
            ? 'The amount is held from your wallet now and moved into the ID when the desk approves. If it is rejected, it comes back.'
            : 'The desk checks your payment, then adds the amount to the ID.'
        }
        confirmLabel="Confirm deposit"
        loading={loading}
        onConfirm={() => void send()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'ID', value: `${userId.item.name} @${userId.username}` },
              ...paymentSummary(confirming, types.data),
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
