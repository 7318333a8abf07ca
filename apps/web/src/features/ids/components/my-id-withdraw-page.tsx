import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES, type UserId } from '@iddesk/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog, SummaryList } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { showServerErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/money';
import { useAction } from '../../../lib/use-action';
import { useWithdrawFromId } from '../api/withdraw-from-id';
import { idActionState } from './id-actions-state';
import { IdWithdrawFormSchema } from './id-form-schemas';
import { IdIdentity } from './id-identity';
import { NotAvailable } from './not-available';
import { UserIdGate } from './user-id-gate';

function WithdrawForm({ userId }: { userId: UserId }) {
  const navigate = useNavigate();
  const mutation = useWithdrawFromId();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState<{ amount: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ amount: string }, unknown, { amount: string }>({
    resolver: zodResolver(IdWithdrawFormSchema),
    defaultValues: { amount: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setConfirming(values);
  });

  const send = async () => {
    if (!confirming) return;
    const result = await run(() => mutation.mutateAsync({ id: userId.id, body: confirming }), {
      successMessage: 'Withdrawal requested. Your wallet is credited once the desk confirms it.',
    });
    setConfirming(null);
    if (result.ok) await navigate(ROUTES.myId(userId.id));
    else setFormError(showServerErrors(result.error, setError, ['amount']));
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
          hint="How much to take out of the ID."
          error={errors.amount?.message}
          {...register('amount')}
        />
        <div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            Withdraw
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Withdraw from your ${userId.item.name} ID?`}
        description="The desk takes the amount out of the ID and credits your wallet with what it confirms."
        confirmLabel="Confirm withdrawal"
        loading={loading}
        onConfirm={() => void send()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'ID', value: `${userId.item.name} @${userId.username}` },
              { label: 'Amount', value: formatMoney(confirming.amount) },
              { label: 'Credited to', value: 'Your wallet' },
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function Withdraw({ userId }: { userId: UserId }) {
  const state = idActionState(userId, 'withdraw');
  if (!state.enabled) return <NotAvailable userId={userId} reason={state.reason} />;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
      <Card className="self-start">
        <IdIdentity userId={userId} />
        <p className="mt-4 text-slate-600">
          The desk checks the ID’s balance, takes the amount out and credits your wallet with the
          amount it confirms. You get a notification when it is done.
        </p>
      </Card>
      <Card>
        <h2 className="mb-5 text-lg font-semibold text-slate-900">How much?</h2>
        <WithdrawForm userId={userId} />
      </Card>
    </div>
  );
}

/** `/my_ids/{id}/withdraw`: money from the ID back to the wallet. */
export function MyIdWithdrawPage() {
  return (
    <UserIdGate
      title={() => 'Withdraw from ID'}
      description="Move money from this ID back to your wallet."
      back="details"
    >
      {(userId) => <Withdraw userId={userId} />}
    </UserIdGate>
  );
}
