import { ROUTES, type IdRequest } from '@iddesk/contract';
import { ClipboardCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { REQUEST_TYPE_LABELS } from '../../components/request-labels';
import { useAdminIdRequests } from '../api/id-requests';
import { AdminFrame } from '../../../staff';
import { IdCell, linkClass } from './id-cells';
import { ItemUserCell } from '../../../staff';

export const REQUEST_TABS = [
  { to: ROUTES.adminRequestsPending, label: 'Pending' },
  { to: ROUTES.adminRequestsDone, label: 'Done' },
];

function RequestLink({ request }: { request: IdRequest }) {
  return (
    <Link to={ROUTES.adminRequest(request.id)} className={linkClass}>
      {REQUEST_TYPE_LABELS[request.type]} #{request.id}
    </Link>
  );
}

function Amount({ request }: { request: IdRequest }) {
  const amount = request.confirmed_amount ?? request.amount;
  return amount === null ? (
    <span className="text-slate-500">—</span>
  ) : (
    <span className="font-semibold tabular-nums">{formatMoney(amount)}</span>
  );
}

function RequestList({ items, caption }: { items: IdRequest[]; caption: string }) {
  return (
    <DataList
      items={items}
      rowKey={(r) => r.id}
      caption={caption}
      columns={[
        {
          header: 'Request',
          cell: (r) => <RequestLink request={r} />,
          className: 'whitespace-nowrap',
        },
        { header: 'Customer', cell: (r) => (r.user ? <ItemUserCell user={r.user} /> : '—') },
        {
          header: 'ID',
          cell: (r) => <IdCell item={r.id_object.item} username={r.id_object.username} />,
        },
        { header: 'Amount', numeric: true, cell: (r) => <Amount request={r} /> },
        {
          header: 'Date',
          cell: (r) => formatDateTime(r.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
      ]}
      card={(r) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <RequestLink request={r} />
            <Amount request={r} />
          </div>
          <IdCell item={r.id_object.item} username={r.id_object.username} />
          {r.user ? <CardLine label="Customer">{r.user.name}</CardLine> : null}
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>{formatDateTime(r.created_at)}</span>
            <StatusBadge status={r.status} />
          </div>
        </div>
      )}
    />
  );
}

function RequestsPage({ pending }: { pending: boolean }) {
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useAdminIdRequests({ pending, page });
  const base = pending ? ROUTES.adminRequestsPending : ROUTES.adminRequestsDone;
  return (
    <AdminFrame
      title="ID requests"
      description={
        pending
          ? 'Deposits, withdrawals, closes and password changes on customers’ IDs, waiting for the desk.'
          : 'Requests that have been approved or rejected.'
      }
      tabs={REQUEST_TABS}
    >
      <ListCard
        query={query}
        loadingLabel="Loading ID requests"
        pagesLabel="ID request pages"
        hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        empty={
          <ListEmpty
            icon={ClipboardCheck}
            title={pending ? 'No requests waiting' : 'No handled requests yet'}
          >
            {pending
              ? 'New requests appear here as customers send them.'
              : 'Approved and rejected requests are listed here.'}
          </ListEmpty>
        }
      >
        {(items) => (
          <RequestList
            items={items}
            caption={pending ? 'Pending ID requests' : 'Handled ID requests'}
          />
        )}
      </ListCard>
    </AdminFrame>
  );
}

export function AdminRequestsPendingPage() {
  return <RequestsPage pending />;
}

export function AdminRequestsDonePage() {
  return <RequestsPage pending={false} />;
}
