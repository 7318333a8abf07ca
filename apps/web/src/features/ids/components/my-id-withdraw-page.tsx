import { limitRangeText, ROUTES, type UserId } from '@iddesk/contract';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { AppForm, FormConfirm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { formatMoney } from '../../../lib/money';
import { useAppForm } from '../../../lib/use-app-form';
import { useWithdrawFromId } from '../api/withdraw-from-id';
import { idActionState } from './id-actions-state';
import { idWithdrawFormSchema } from './id-form-schemas';
import { useMoneyLimits } from '../../site';
import { IdIdentity } from './id-identity';
import { NotAvailable } from './not-available';
import { UserIdGate } from './user-id-gate';

function WithdrawForm({ userId }: { userId: UserId }) {
  const navigate = useNavigate();
  const mutation = useWithdrawFromId();
  const limits = useMoneyLimits();
  const schema = useMemo(() => idWithdrawFormSchema(limits), [limits]);
  const app = useAppForm({
    schema,
    defaultValues: { amount: '' },
    confirm: true,
    submit: (body, idempotencyKey) =>
      mutation.mutateAsync({ ...body, id: userId.id, idempotencyKey }),
    action: {
      successMessage: 'Withdrawal requested. Your wallet is credited once the desk confirms it.',
    },
    onSuccess: () => navigate(ROUTES.myId(userId.id)),
  });

  return (
    <>
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField
          label="Amount"
          {...INPUT.amount}
          hint={`How much to take out of the ID${limits ? `: ${limitRangeText(limits, 'id_withdraw')}` : ''}.`}
          {...app.field('amount')}
        />
        <div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            Withdraw
          </Button>
        </div>
      </AppForm>
      <FormConfirm
        app={app}
        title={`Withdraw from your ${userId.item.name} ID?`}
        description="The desk takes the amount out of the ID and credits your wallet with what it confirms."
        confirmLabel="Confirm withdrawal"
        items={(v) => [
          { label: 'ID', value: `${userId.item.name} @${userId.username}` },
          { label: 'Amount', value: formatMoney(v.amount) },
          { label: 'Credited to', value: 'Your wallet' },
        ]}
      />
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
