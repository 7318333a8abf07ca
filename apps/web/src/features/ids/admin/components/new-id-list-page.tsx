import { ROUTES, type UserId } from '@iddesk/contract';
import { IdCard } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { LinkTabs } from '../../../../components/ui/link-tabs';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { useAdminUserIds } from '../api/user-ids';
import { AdminFrame } from '../../../staff';
import { IdCell, linkClass } from './id-cells';
import { ItemUserCell } from '../../../staff';

type Tab = 'pending' | 'done';

const href = (tab: Tab, page = 1) => {
  const params = new URLSearchParams();
  if (tab === 'done') params.set('tab', 'done');
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `${ROUTES.adminNewIds}?${qs}` : ROUTES.adminNewIds;
};

const paidWith = (u: UserId) =>
  u.pay_from === 'wallet' ? 'Wallet' : (u.payment_type?.name ?? 'Payment');

function NewIdLink({ userId }: { userId: UserId }) {
  return (
    <Link to={ROUTES.adminNewId(userId.id)} className={linkClass}>
      New ID #{userId.id}
    </Link>
  );
}

function NewIdList({ items, caption }: { items: UserId[]; caption: string }) {
  return (
    <DataList
      items={items}
      rowKey={(u) => u.id}
      caption={caption}
      columns={[
        {
          header: 'Request',
          cell: (u) => <NewIdLink userId={u} />,
          className: 'whitespace-nowrap',
        },
        { header: 'Customer', cell: (u) => (u.user ? <ItemUserCell user={u.user} /> : '—') },
        { header: 'ID', cell: (u) => <IdCell item={u.item} username={u.username} /> },
        {
          header: 'Amount',
          numeric: true,
          cell: (u) => <span className="font-semibold">{formatMoney(u.amount)}</span>,
        },
        { header: 'Paid with', cell: paidWith },
        {
          header: 'Date',
          cell: (u) => formatDateTime(u.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        { header: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
      ]}
      card={(u) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <NewIdLink userId={u} />
            <span className="font-semibold tabular-nums">{formatMoney(u.amount)}</span>
          </div>
          <IdCell item={u.item} username={u.username} />
          {u.user ? <CardLine label="Customer">{u.user.name}</CardLine> : null}
          <CardLine label="Paid with">{paidWith(u)}</CardLine>
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>{formatDateTime(u.created_at)}</span>
            <StatusBadge status={u.status} />
          </div>
        </div>
      )}
    />
  );
}

/** `/admin/new_ids`: customers waiting for a new ID (Pending) and the handled ones (Done). */
export function AdminNewIdsPage() {
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'done' ? 'done' : 'pending';
  const page = readPage(params.get('page'));
  const query = useAdminUserIds({ pending: tab === 'pending', page });
  return (
    <AdminFrame
      title="New ID"
      description={
        tab === 'pending'
          ? 'Customers waiting for a new ID. Create it on the service, then approve with its login.'
          : 'New-ID requests that have been approved or rejected.'
      }
    >
      <LinkTabs
        label="New ID lists"
        tabs={[
          { to: href('pending'), label: 'Pending', active: tab === 'pending' },
          { to: href('done'), label: 'Done', active: tab === 'done' },
        ]}
      />
      <ListCard
        query={query}
        loadingLabel="Loading new-ID requests"
        pagesLabel="New ID pages"
        hrefFor={(p) => href(tab, p)}
        empty={
          <ListEmpty
            icon={IdCard}
            title={tab === 'pending' ? 'No new IDs waiting' : 'Nothing handled yet'}
          >
            {tab === 'pending'
              ? 'Requests appear here as customers send them.'
              : 'Approved and rejected new-ID requests are listed here.'}
          </ListEmpty>
        }
      >
        {(items) => (
          <NewIdList
            items={items}
            caption={tab === 'pending' ? 'Pending new IDs' : 'Handled new IDs'}
          />
        )}
      </ListCard>
    </AdminFrame>
  );
}
