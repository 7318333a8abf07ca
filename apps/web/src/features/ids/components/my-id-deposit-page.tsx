import type { UserId } from '@iddesk/contract';
import { useMemo } from 'react';
import { Card } from '../../../components/ui/card';
import { ListLoading } from '../../../components/ui/list-states';
import { useMoneyLimits } from '../../site';
import { useCatalogueItem } from '../api/catalogue';
import { DepositForm } from './deposit-form';
import { idActionState } from './id-actions-state';
import { IdIdentity } from './id-identity';
import { NotAvailable } from './not-available';
import { UserIdGate } from './user-id-gate';
import { idsText } from '../i18n';

function Deposit({ userId, balance }: { userId: UserId; balance: string | undefined }) {
  // The minimum comes from the catalogue; an item since withdrawn from it has none to show.
  const item = useCatalogueItem(userId.item.id);
  const minDeposit = item.data?.min_deposit;
  const moneyLimits = useMoneyLimits();
  const t = idsText.useT();
  const limits = useMemo(
    () => ({
      minDeposit,
      balance,
      owners: { limits: moneyLimits, operation: 'id_deposit' as const },
    }),
    [minDeposit, balance, moneyLimits],
  );
  const state = idActionState(userId, 'deposit');
  if (!state.enabled) return <NotAvailable userId={userId} reason={state.reason} />;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
      <Card className="self-start">
        <IdIdentity userId={userId} />
        <p className="mt-4 text-slate-600">{t('deposit.intro')}</p>
      </Card>
      <Card>
        <h2 className="mb-5 text-lg font-semibold text-slate-900">{t('deposit.heading')}</h2>
        {item.isPending ? (
          <ListLoading label={t('deposit.loading')} rows={3} />
        ) : (
          <DepositForm userId={userId} limits={limits} />
        )}
      </Card>
    </div>
  );
}

type MyIdDepositPageProps = {
  /** The signed-in user's available balance (wire format); undefined while it loads. */
  balance: string | undefined;
};

/** `/my_ids/{id}/deposit`. */
export function MyIdDepositPage({ balance }: MyIdDepositPageProps) {
  const t = idsText.useT();
  return (
    <UserIdGate
      title={() => t('deposit.title')}
      description={t('deposit.description')}
      back="details"
    >
      {(userId) => <Deposit userId={userId} balance={balance} />}
    </UserIdGate>
  );
}
