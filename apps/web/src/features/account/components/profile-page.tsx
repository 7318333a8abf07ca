import { formatPhoneNumber, ROUTES } from '@iddesk/contract';
import { History, KeyRound, ShieldCheck, Wallet } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatDate, formatMoney } from '../../../lib/money';
import { usePassport } from '../api/get-passport';
import { ProfileForm } from './profile-form';
import { ProfileSkeleton } from './profile-skeleton';
import { SessionsCard } from './sessions-card';
import { TelegramCard } from './telegram-card';
import { account } from '../i18n';
import { LanguageSwitch } from './language-switch';

export function ProfilePage() {
  const t = account.useT();
  const { data: user, isPending, isError, refetch } = usePassport();

  return (
    <>
      <PageHeading
        title={t('profile.title')}
        description={t('profile.description')}
      />
      {isPending ? (
        <ProfileSkeleton />
      ) : isError || !user ? (
        <Card>
          <p className="text-slate-700">{t('profile.failed')}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className="mt-3 min-h-11 font-semibold text-brand-700 underline underline-offset-4"
          >
            {t('profile.retry')}
          </button>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
          <Card className="flex flex-col gap-6">
            <div className="flex items-center gap-4">
              <span
                className="flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-xl font-bold text-white"
                aria-hidden="true"
              >
                {user.name.trim().charAt(0).toUpperCase() || '?'}
              </span>
              <div className="min-w-0">
                <h2 className="truncate text-lg font-semibold text-slate-900">{user.name}</h2>
                <p className="truncate text-slate-600">{user.email}</p>
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-4">
              <div className="rounded-xl bg-brand-50 p-4">
                <dt className="text-sm font-medium text-brand-800">{t('profile.balance')}</dt>
                <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900">
                  {formatMoney(user.balance)}
                </dd>
              </div>
              <div className="rounded-xl bg-slate-100 p-4">
                <dt className="text-sm font-medium text-slate-700">{t('profile.memberSince')}</dt>
                <dd className="mt-1 font-semibold text-slate-900">{formatDate(user.created_at)}</dd>
              </div>
              <div className="col-span-2 rounded-xl bg-slate-100 p-4">
                <dt className="text-sm font-medium text-slate-700">{t('profile.phone')}</dt>
                <dd className="mt-1 font-semibold text-slate-900">{formatPhoneNumber(user.phone)}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={ROUTES.addFunds} variant="primary">
                <Wallet className="size-4" aria-hidden="true" />
                {t('profile.addFunds')}
              </ButtonLink>
              <ButtonLink to={ROUTES.transactions} variant="secondary">
                <History className="size-4" aria-hidden="true" />
                {t('profile.transactions')}
              </ButtonLink>
              <ButtonLink to={ROUTES.changePassword} variant="secondary">
                <KeyRound className="size-4" aria-hidden="true" />
                {t('profile.changePassword')}
              </ButtonLink>
              <ButtonLink to={ROUTES.secondFactor} variant="secondary">
                <ShieldCheck className="size-4" aria-hidden="true" />
                {t('profile.twoStep', { state: user.second_factor ? 'on' : 'off' })}
              </ButtonLink>
            </div>
            <div>
              <LanguageSwitch />
              <p className="mt-2 text-sm text-slate-600">{t('profile.languageHint')}</p>
            </div>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">{t('profile.details')}</h2>
            <p className="mt-1 text-slate-600">
              {t('profile.detailsHint')}
            </p>
            <ProfileForm user={user} />
          </Card>
          <TelegramCard staff={user.type === 'admin'} className="lg:col-span-2" />
          <div className="lg:col-span-2">
            <SessionsCard />
          </div>
        </div>
      )}
    </>
  );
}
