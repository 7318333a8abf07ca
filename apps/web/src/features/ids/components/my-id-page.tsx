import type { UserId } from '@iddesk/contract';
import { Clock, KeyRound } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { CredentialList } from './credential-list';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list';
import { ExternalLink } from '../../../components/ui/external-link';
import { formatDateTime, formatMoney } from '../../../lib/money';
import { IdActions } from './id-actions';
import { IdIdentity } from './id-identity';
import { paymentText } from './payment-summary';
import { RequestHistory } from './request-history';
import { UserIdGate } from './user-id-gate';
import { idsText } from '../i18n';

/** The login, or why there is none (yet). */
function LoginDetails({ userId }: { userId: UserId }) {
  if (userId.login && userId.password) {
    return <CredentialList login={userId.login} password={userId.password} className="mt-4" />;
  }
  const t = idsText.t;
  const returned = userId.pay_from === 'wallet' ? t('detail.returned') : '';
  const text =
    userId.status === 'pending'
      ? t('detail.pending', { paid: paymentText(userId) })
      : userId.status === 'rejected'
        ? userId.comment
          ? t('detail.rejectedComment', { comment: userId.comment, returned })
          : t('detail.rejected', { returned })
        : userId.status === 'cancelled'
          ? t('detail.cancelled', { returned })
          : t('detail.closed');
  return (
    <p className="mt-4 flex items-start gap-3 rounded-xl bg-slate-50 p-4 text-slate-700 ring-1 ring-inset ring-slate-200">
      <Clock className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
      {text}
    </p>
  );
}

function aboutItems(userId: UserId): DetailItem[] {
  const t = idsText.t;
  return [
    { label: t('detail.website'), value: <ExternalLink href={userId.item.website} /> },
    { label: t('detail.username'), value: userId.username },
    { label: t('detail.requestedOn'), value: formatDateTime(userId.created_at) },
    {
      label: t(userId.confirmed_amount ? 'detail.firstDeposit' : 'detail.amountAsked'),
      value: formatMoney(userId.confirmed_amount ?? userId.amount),
    },
    {
      label: t('detail.paidWith'),
      value:
        userId.pay_from === 'wallet'
          ? t('summary.walletBalance')
          : (userId.payment_type?.name ?? t('summary.payment')),
    },
    ...(userId.pay_from === 'payment' && userId.reference
      ? [{ label: t('detail.reference'), value: userId.reference }]
      : []),
  ];
}

function MyIdDetail({ userId }: { userId: UserId }) {
  const t = idsText.useT();
  return (
    <>
      {/* Phones: login, actions, then the facts; wide screens: actions in a column beside both. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <Card className="lg:col-start-1 lg:row-start-1">
          <IdIdentity userId={userId} />
          <section aria-labelledby="login-heading" className="mt-6">
            <h2 id="login-heading" className="flex items-center gap-2 font-semibold text-slate-900">
              <KeyRound className="size-5 text-brand-700" aria-hidden="true" />
              {t('detail.login')}
            </h2>
            <LoginDetails userId={userId} />
          </section>
        </Card>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <IdActions userId={userId} />
        </div>
        <Card className="lg:col-start-1 lg:row-start-2">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('detail.about')}</h2>
          <DetailList items={aboutItems(userId)} />
        </Card>
      </div>
      <RequestHistory userIdId={userId.id} />
    </>
  );
}

/** `/my_ids/{id}`: the login, the actions and the request history of one ID. */
export function MyIdPage() {
  const t = idsText.useT();
  return (
    <UserIdGate
      title={(userId) =>
        userId ? t('detail.title', { name: userId.item.name }) : t('detail.fallbackTitle')
      }
      description={t('detail.description')}
      back="list"
    >
      {(userId) => <MyIdDetail userId={userId} />}
    </UserIdGate>
  );
}
