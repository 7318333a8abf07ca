import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES, type CatalogueItem } from '@iddesk/contract';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog, SummaryList } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { showServerErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/money';
import { usePaymentTypes } from '../../wallet';
import { useAction } from '../../../lib/use-action';
import { useCreateUserId } from '../api/create-user-id';
import {
  CREATE_ID_FIELDS,
  createIdFormSchema,
  type CreateIdFormOutput,
  type CreateIdFormValues,
} from './id-form-schemas';
import { PaymentFields } from './payment-fields';
import { paymentSummary } from './payment-summary';

type CreateIdFormProps = { item: CatalogueItem; balance: string | undefined };

/** Username, amount and payment, a confirmation, then off to My IDs. */
export function CreateIdForm({ item, balance }: CreateIdFormProps) {
  const navigate = useNavigate();
  const mutation = useCreateUserId();
  const types = usePaymentTypes();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState<CreateIdFormOutput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const limits = useMemo(() => ({ minDeposit: item.min_deposit, balance }), [item, balance]);
  const resolver = useMemo(() => zodResolver(createIdFormSchema(limits)), [limits]);
  const form = useForm<CreateIdFormValues, unknown, CreateIdFormOutput>({
    resolver,
    defaultValues: {
      username: '',
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
    const result = await run(() => mutation.mutateAsync({ ...confirming, itemId: item.id }), {
      successMessage: 'ID requested. We will send you its login once the desk approves it.',
    });
    setConfirming(null);
    if (result.ok) {
      await navigate(ROUTES.myIds);
    } else {
      setFormError(showServerErrors(result.error, setError, CREATE_ID_FIELDS, 'proof'));
    }
  };

  return (
    <>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Your new ID</h2>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-5">
            <FormAlert message={formError} />
            <TextField
              label="Username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              hint="3–32 letters, digits, dots, underscores or hyphens; no spaces."
              error={errors.username?.message}
              {...register('username')}
            />
            <TextField
              label="Amount"
              leading="₹"
              inputMode="decimal"
              autoComplete="off"
              hint={`At least ${formatMoney(item.min_deposit)}. This goes into the new ID.`}
              error={errors.amount?.message}
              {...register('amount')}
            />
            <PaymentFields limits={limits} />
            <div>
              <Button type="submit" size="lg" className="w-full sm:w-auto">
                Request ID
              </Button>
            </div>
          </form>
        </FormProvider>
      </Card>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Request a ${item.name} ID?`}
        description={
          confirming?.pay_from === 'wallet'
            ? 'The amount is held from your wallet now. If the desk rejects the request, it comes back.'
            : 'The desk checks your payment, then creates the ID and sends you its login.'
        }
        confirmLabel="Confirm request"
        loading={loading}
        onConfirm={() => void send()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'Service', value: item.name },
              { label: 'Username', value: confirming.username },
              ...paymentSummary(confirming, types.data),
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
