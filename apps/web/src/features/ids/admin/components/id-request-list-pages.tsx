import { DESK_API, ROUTES, type IdRequest } from '@iddesk/contract';
import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { REQUEST_TYPE_LABELS } from '../../components/request-labels';
import { useAdminIdRequests } from '../api/id-requests';
import {
  AdminFrame,
  DeskEmpty,
  ExportButton,
  FilterBar,
  ItemUserCell,
  listSearch,
  ProofThumb,
  ReusedFlag,
  TimeLines,
  timeColumn,
  useDeskList,
} from '../../../staff';
import { IdCell, linkClass } from './id-cells';

export const REQUEST_TABS = [
  { to: ROUTES.adminRequestsPending, label: 'Pending' },
  { to: ROUTES.adminRequestsDone, label: 'Done' },
];

function RequestLink({ request, search }: { request: IdRequest; search: string }) {
  return (
    <Link to={`${ROUTES.adminRequest(request.id)}${search}`} className={linkClass}>
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

/** The ID a request is on: service, requested username, and its real login once approved. */
function RequestId({ request }: { request: IdRequest }) {
  return (
    <div className="min-w-0">
      <IdCell item={request.id_object.item} username={request.id_object.username} />
      {request.id_login && request.id_login !== request.id_object.username ? (
        <p className="mt-1 truncate text-sm text-slate-700">
          Login: <span className="font-mono">{request.id_login}</span>
        </p>
      ) : null}
    </div>
  );
}

type RequestListProps = { items: IdRequest[]; caption: string; pending: boolean; search: string };

function RequestList({ items, caption, pending, search }: RequestListProps) {
  const thumb = (r: IdRequest) =>
    pending && r.proof_url ? (
      <ProofThumb url={r.proof_url} alt={`Screenshot of request #${r.id}`} />
    ) : null;
  return (
    <DataList
      items={items}
      rowKey={(r) => r.id}
      caption={caption}
      flagged={(r) => Boolean(r.reused_proof?.flagged)}
      columns={[
        {
          header: 'Request',
          cell: (r) => (
            <div className="flex items-center gap-3">
              {thumb(r)}
              <div className="flex flex-col items-start gap-1 whitespace-nowrap">
                <RequestLink request={r} search={search} />
                <ReusedFlag flag={r.reused_proof} />
              </div>
            </div>
          ),
        },
        { header: 'Customer', cell: (r) => (r.user ? <ItemUserCell user={r.user} /> : '—') },
        { header: 'ID', cell: (r) => <RequestId request={r} /> },
        { header: 'Amount', numeric: true, cell: (r) => <Amount request={r} /> },
        timeColumn(pending),
        { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
      ]}
      card={(r) => (
        <div className="flex gap-3">
          {thumb(r)}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <RequestLink request={r} search={search} />
              <Amount request={r} />
            </div>
            <ReusedFlag flag={r.reused_proof} />
            <RequestId request={r} />
            {r.user ? <CardLine label="Customer">{r.user.name}</CardLine> : null}
            <TimeLines item={r} pending={pending} status={r.status} />
          </div>
        </div>
      )}
    />
  );
}

function RequestsPage({ pending }: { pending: boolean }) {
  const base = pending ? ROUTES.adminRequestsPending : ROUTES.adminRequestsDone;
  const list = useDeskList(base);
  const query = useAdminIdRequests({ pending, page: list.page, query: list.query });
  const search = listSearch(list.params.toString());
  return (
    <AdminFrame
      title="ID requests"
      description={
        pending
          ? 'Deposits, withdrawals, closes and password changes on customers’ IDs, oldest first.'
          : 'Requests that have been approved or rejected, newest first.'
      }
      tabs={REQUEST_TABS}
      actions={
        <ExportButton
          path={DESK_API.requestsCsv}
          query={{ ...list.query, pending: pending ? 1 : 0 }}
          filename={pending ? 'id-requests-pending.csv' : 'id-requests-done.csv'}
        />
      }
    >
      <FilterBar
        list={list}
        label="Filter ID requests"
        paymentType
        sortDefault={pending ? 'oldest' : 'newest'}
      />
      <ListCard
        query={query}
        loadingLabel="Loading ID requests"
        pagesLabel="ID request pages"
        hrefFor={list.hrefFor}
        empty={
          <DeskEmpty
            icon={ClipboardCheck}
            filtered={list.filtered}
            noun="requests"
            title={pending ? 'No requests waiting' : 'No handled requests yet'}
          >
            {pending
              ? 'New requests appear here as customers send them.'
              : 'Approved and rejected requests are listed here.'}
          </DeskEmpty>
        }
      >
        {(items) => (
          <RequestList
            items={items}
            caption={pending ? 'Pending ID requests' : 'Handled ID requests'}
            pending={pending}
            search={search}
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
