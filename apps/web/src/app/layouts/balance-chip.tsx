import { ROUTES } from '@iddesk/contract';
import { WalletMinimal } from 'lucide-react';
import { Link } from 'react-router';
import { usePassport } from '../../features/account/api/get-passport';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { formatMoney } from '../../lib/money';

/**
 * The signed-in user's balance in the header, on every page at every size (issue 17): the
 * passport query the 5-second poll refreshes, linking to the wallet's transactions.
 */
export function BalanceChip({ className }: { className?: string }) {
  const t = common.useT();
  const { data: user, isPending } = usePassport();
  const amount = user ? formatMoney(user.balance) : isPending ? '…' : '—';
  return (
    <Link
      to={ROUTES.transactions}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl bg-brand-50 px-2.5 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-brand-100 hover:bg-brand-100',
        className,
      )}
    >
      <WalletMinimal className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('balance.label')}</span>
      <span className="tabular-nums">{amount}</span>
    </Link>
  );
}
