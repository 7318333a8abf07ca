import { limitRangeText, ROUTES, type UserId } from '@iddesk/contract';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { FormConfirm } from '../../../components/ui/form-confirm';
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
import { idsText } from '../i18n';

function WithdrawForm({ userId }: { userId: UserId }) {
  const navigate = useNavigate();
  const mutation = useWithdrawFromId();
  const limits = useMoneyLimits();
  const t = idsText.useT();
  const schema = useMemo(() => idWithdrawFormSchema(limits), [limits]);
  const app = useAppForm({
    schema,
    defaultValues: { amount: '' },
    confirm: true,
    submit: (body, idempotencyKey) =>
      mutation.mutateAsync({ ...body, id: userId.id, idempotencyKey }),
    action: { successMessage: t('withdraw.success') },
    onSuccess: () => navigate(ROUTES.myId(userId.id)),
  });

  return (
    <>
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField
          label={t('amount')}
          {...INPUT.amount}
          hint={
            limits
              ? t('withdraw.hintRange', { range: limitRangeText(limits, 'id_withdraw') })
              : t('withdraw.hint')
          }
          {...app.field('amount')}
        />
        <div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            {t('withdraw.submit')}
          </Button>
        </div>
      </AppForm>
      <FormConfirm
        app={app}
        title={t('withdraw.confirmTitle', { name: userId.item.name })}
        description={t('withdraw.confirmDescription')}
        confirmLabel={t('withdraw.confirmLabel')}
        items={(v) => [
          { label: t('deposit.id'), value: `${userId.item.name} @${userId.username}` },
          { label: t('amount'), value: formatMoney(v.amount) },
          { label: t('withdraw.creditedTo'), value: t('yourWallet') },
        ]}
      />
    </>
  );
}

function Withdraw({ userId }: { userId: UserId }) {
  const t = idsText.useT();
  const state = idActionState(userId, 'withdraw');
  if (!state.enabled) return <NotAvailable userId={userId} reason={state.reason} />;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
      <Card className="self-start">
        <IdIdentity userId={userId} />
        <p className="mt-4 text-slate-600">{t('withdraw.intro')}</p>
      </Card>
      <Card>
        <h2 className="mb-5 text-lg font-semibold text-slate-900">{t('withdraw.heading')}</h2>
        <WithdrawForm userId={userId} />
      </Card>
    </div>
  );
}

/** `/my_ids/{id}/withdraw`: money from the ID back to the wallet. */
export function MyIdWithdrawPage() {
  const t = idsText.useT();
  return (
    <UserIdGate
      title={() => t('withdraw.title')}
      description={t('withdraw.description')}
      back="details"
    >
      {(userId) => <Withdraw userId={userId} />}
    </UserIdGate>
  );
}
