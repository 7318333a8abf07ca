import { DESK_API, ROUTES, type IdRequest } from '@iddesk/contract';
import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useAdminIdRequests } from '../api/id-requests';
import {
  ItemUserCell,
  ProofThumb,
  QueueListPage,
  type QueueListView,
  queueTabs,
  ReusedFlag,
  TimeLines,
  timeColumn,
  useDeskList,
} from '../../../staff';
import { IdCell, linkClass } from './id-cells';
import { common } from '../../../../lib/i18n-common';
import { idsStaff, requestTypeLabel } from '../i18n';

function RequestLink({ request, search }: { request: IdRequest; search: string }) {
  const t = idsStaff.useT();
  return (
    <Link to={`${ROUTES.adminRequest(request.id)}${search}`} className={linkClass}>
      {t('request.link', { type: requestTypeLabel(request.type), id: request.id })}
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
  const t = idsStaff.useT();
  return (
    <div className="min-w-0">
      <IdCell item={request.id_object.item} username={request.id_object.username} />
      {request.id_login && request.id_login !== request.id_object.username ? (
        <p className="mt-1 truncate text-sm text-slate-700">
          {t('list.login')} <span className="font-mono">{request.id_login}</span>
        </p>
      ) : null}
    </div>
  );
}

type RequestListProps = QueueListView & { items: IdRequest[]; pending: boolean };

function RequestList({ items, caption, pending, search }: RequestListProps) {
  const t = idsStaff.useT();
  const thumb = (r: IdRequest) =>
    pending && r.proof_url ? (
      <ProofThumb url={r.proof_url} alt={t('requests.screenshot', { id: r.id })} />
    ) : null;
  return (
    <DataList
      items={items}
      rowKey={(r) => r.id}
      caption={caption}
      flagged={(r) => Boolean(r.reused_proof?.flagged)}
      columns={[
        {
          header: t('list.request'),
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
        { header: t('list.customer'), cell: (r) => (r.user ? <ItemUserCell user={r.user} /> : '—') },
        { header: t('list.id'), cell: (r) => <RequestId request={r} /> },
        { header: t('list.amount'), numeric: true, cell: (r) => <Amount request={r} /> },
        timeColumn(pending),
        { header: t('list.status'), cell: (r) => <StatusBadge status={r.status} /> },
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
            {r.user ? <CardLine label={t('list.customer')}>{r.user.name}</CardLine> : null}
            <TimeLines item={r} pending={pending} status={r.status} />
          </div>
        </div>
      )}
    />
  );
}

function RequestsPage({ pending }: { pending: boolean }) {
  const t = idsStaff.useT();
  const titles = common.useT();
  const list = useDeskList(pending ? ROUTES.adminRequestsPending : ROUTES.adminRequestsDone);
  const query = useAdminIdRequests({ pending, page: list.page, query: list.query });
  return (
    <QueueListPage
      title={titles('titles.admin.idRequests')}
      text={(key) => t(`requests.${key}`)}
      pending={pending}
      list={list}
      query={query}
      icon={ClipboardCheck}
      tabs={queueTabs(ROUTES.adminRequestsPending, ROUTES.adminRequestsDone)}
      csv={{ path: DESK_API.requestsCsv, name: 'id-requests' }}
      paymentType
    >
      {(items, view) => <RequestList items={items} pending={pending} {...view} />}
    </QueueListPage>
  );
}

export function AdminRequestsPendingPage() {
  return <RequestsPage pending />;
}

export function AdminRequestsDonePage() {
  return <RequestsPage pending={false} />;
}
