import { DESK_API, ROUTES, type IdRequest } from '@iddesk/contract';
import { ClipboardCheck } from 'lucide-react';
import { CardLine } from '../../../../components/ui/data-list';
import { Reference } from '../../../../components/ui/reference';
import { formatMoney } from '../../../../lib/money';
import { useAdminIdRequests } from '../api/id-requests';
import {
  ItemUserCell,
  QueueListPage,
  type QueueListView,
  QueueRows,
  queueTabs,
  useDeskList,
} from '../../../staff';
import { IdCell } from './id-cells';
import { common } from '../../../../lib/i18n-common';
import { idsStaff, requestTypeLabel } from '../i18n';

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

function RequestList(props: QueueListView & { items: IdRequest[]; pending: boolean }) {
  const t = idsStaff.useT();
  return (
    <QueueRows
      {...props}
      header={t('list.request')}
      href={(r) => ROUTES.adminRequest(r.id)}
      linkText={(r) => t('request.link', { type: requestTypeLabel(r.type), id: r.id })}
      nowrap
      proofAlt={(r) => t('requests.screenshot', { id: r.id })}
      columns={[
        {
          header: t('list.customer'),
          cell: (r) => (r.user ? <ItemUserCell user={r.user} /> : '—'),
        },
        { header: t('list.id'), cell: (r) => <RequestId request={r} /> },
        {
          header: t('list.amount'),
          numeric: true,
          // A deposit paid by proof: its reference under the amount, to compare with the bank's.
          cell: (r) => (
            <div className="flex flex-col items-end">
              <Amount request={r} />
              {r.reference ? <Reference value={r.reference} className="text-sm" /> : null}
            </div>
          ),
        },
      ]}
      statusHeader={t('list.status')}
      amount={(r) => <Amount request={r} />}
      lines={(r) => (
        <>
          <RequestId request={r} />
          {r.user ? <CardLine label={t('list.customer')}>{r.user.name}</CardLine> : null}
          {r.reference ? (
            <CardLine label={t('newId.reference')}>
              <Reference value={r.reference} />
            </CardLine>
          ) : null}
        </>
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
