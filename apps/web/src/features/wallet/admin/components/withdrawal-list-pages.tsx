import { ROUTES, type Withdrawal } from '@iddesk/contract';
import { HandCoins } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { useWithdrawals } from '../api/withdrawals';
import { AdminFrame } from '../../../staff';
import { ItemUserCell } from '../../../staff';

const WITHDRAW_TABS = [
  { to: ROUTES.adminWithdrawPending, label: 'Pending' },
  { to: ROUTES.adminWithdrawDone, label: 'Done' },
];

/** "UPI asha@okaxis" or "Bank 1234567890 · SBIN0001234". */
export function destinationText(w: Withdrawal): string {
  return w.method === 'upi'
    ? `UPI ${w.upi_id ?? '—'}`
    : `Bank ${w.account_number ?? '—'} · ${w.ifsc ?? '—'}`;
}

function WithdrawalLink({ w }: { w: Withdrawal }) {
  return (
    <Link
      to={ROUTES.adminWithdraw(w.id)}
      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      Withdrawal #{w.id}
    </Link>
  );
}

function WithdrawalList({ items, caption }: { items: Withdrawal[]; caption: string }) {
  return (
    <DataList
      items={items}
      rowKey={(w) => w.id}
      caption={caption}
      columns={[
        {
          header: 'Withdrawal',
          cell: (w) => <WithdrawalLink w={w} />,
          className: 'whitespace-nowrap',
        },
        { header: 'User', cell: (w) => <ItemUserCell user={w.user} /> },
        {
          header: 'Amount',
          numeric: true,
          cell: (w) => <span className="font-semibold">{formatMoney(w.amount)}</span>,
        },
        { header: 'Send to', cell: (w) => <span className="break-all">{destinationText(w)}</span> },
        {
          header: 'Date',
          cell: (w) => formatDateTime(w.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        { header: 'Status', cell: (w) => <StatusBadge status={w.status} /> },
      ]}
      card={(w) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <WithdrawalLink w={w} />
            <span className="font-semibold tabular-nums">{formatMoney(w.amount)}</span>
          </div>
          <ItemUserCell user={w.user} />
          <CardLine label="Send to">{destinationText(w)}</CardLine>
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>{formatDateTime(w.created_at)}</span>
            <StatusBadge status={w.status} />
          </div>
        </div>
      )}
    />
  );
}

function WithdrawalsPage({ pending }: { pending: boolean }) {
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useWithdrawals({ pending, page });
  const base = pending ? ROUTES.adminWithdrawPending : ROUTES.adminWithdrawDone;
  return (
    <AdminFrame
      title="Withdraw"
      description={
        pending
          ? 'Wallet payouts waiting to be sent. The amounts are already held from the balances.'
          : 'Payouts that have been sent or rejected.'
      }
      tabs={WITHDRAW_TABS}
    >
      <ListCard
        query={query}
        loadingLabel="Loading withdrawals"
        pagesLabel="Withdrawal pages"
        hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        empty={
          <ListEmpty
            icon={HandCoins}
            title={pending ? 'No withdrawals waiting' : 'No handled withdrawals yet'}
          >
            {pending
              ? 'New payout requests appear here as customers send them.'
              : 'Sent and rejected payouts are listed here.'}
          </ListEmpty>
        }
      >
        {(items) => (
          <WithdrawalList
            items={items}
            caption={pending ? 'Pending withdrawals' : 'Handled withdrawals'}
          />
        )}
      </ListCard>
    </AdminFrame>
  );
}

export function AdminWithdrawPendingPage() {
  return <WithdrawalsPage pending />;
}

export function AdminWithdrawDonePage() {
  return <WithdrawalsPage pending={false} />;
}
