import { ROUTES } from '@iddesk/contract';
import { Link } from 'react-router';
import { usePassport } from '../../features/account/api/get-passport';
import { common } from '../../lib/i18n-common';
import { formatMoney } from '../../lib/money';

const actionClass =
  'inline-flex min-h-11 items-center rounded-lg bg-white/15 px-3 text-sm font-semibold hover:bg-white/25';

/** Signed-in users' balance at the top of the side menu. */
export function BalanceCard() {
  const t = common.useT();
  const { data: user, isPending } = usePassport();
  return (
    <div className="mb-4 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-4 text-white shadow-card">
      <p className="text-sm font-medium text-brand-100">{t('balance.title')}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums" aria-live="polite">
        {user ? formatMoney(user.balance) : isPending ? '…' : '—'}
      </p>
      {user ? <p className="mt-0.5 truncate text-sm text-brand-100">{user.name}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={ROUTES.addFunds} className={actionClass}>
          {t('balance.addFunds')}
        </Link>
        <Link to={ROUTES.withdraw} className={actionClass}>
          {t('balance.withdraw')}
        </Link>
      </div>
    </div>
  );
}
