import { ROUTES, type IdRequest } from '@iddesk/contract';
import { History } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CardLine, DataList } from '../../../components/ui/data-list';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../lib/money';
import { readPage } from '../../../lib/pagination';
import { REQUEST_TYPE_LABELS } from '../../../lib/request-labels';
import { useUserIdRequests } from '../api/user-id-requests';

/** The amount a request moved: what the desk confirmed once handled, else what was asked. */
function RequestAmount({ request }: { request: IdRequest }) {
  const amount = request.confirmed_amount ?? request.amount;
  return amount === null ? (
    <span className="text-slate-500">—</span>
  ) : (
    <span className="font-semibold tabular-nums">{formatMoney(amount)}</span>
  );
}

/** One line on what a request did (or the desk's comment, which matters more). */
export function requestNote(request: IdRequest): string | null {
  if (request.comment) return `“${request.comment}”`;
  const approved = request.status === 'approved';
  switch (request.type) {
    case 'create':
    case 'deposit':
      if (request.pay_from === 'wallet') return 'Paid from your wallet';
      return `Paid by ${request.payment_type?.name ?? 'payment'}${request.reference ? `, ref ${request.reference}` : ''}`;
    case 'withdraw':
      return approved ? 'Credited to your wallet' : 'To your wallet';
    case 'close':
      return approved ? 'Balance credited to your wallet' : 'Balance to your wallet';
    case 'change_password':
      if (approved) return 'New password is in the login details';
      return request.password ? 'You suggested a password' : 'The desk picks the password';
    default:
      return null;
  }
}

/** The ID's requests, newest first, 15 a page (`?page=` in the URL). */
export function RequestHistory({ userIdId }: { userIdId: number }) {
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useUserIdRequests(userIdId, page);
  const base = ROUTES.myId(userIdId);
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Request history
      </h2>
      <ListCard
        query={query}
        loadingLabel="Loading the request history"
        pagesLabel="Request history pages"
        hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        empty={
          <ListEmpty icon={History} title="No requests yet">
            Deposits, withdrawals and other requests on this ID show here.
          </ListEmpty>
        }
      >
        {(items) => (
          <DataList
            items={items}
            rowKey={(r) => r.id}
            caption="Requests on this ID"
            columns={[
              {
                header: 'Date',
                cell: (r) => formatDateTime(r.created_at),
                className: 'whitespace-nowrap text-slate-700',
              },
              {
                header: 'Request',
                cell: (r) => <span className="font-semibold">{REQUEST_TYPE_LABELS[r.type]}</span>,
              },
              {
                header: 'Details',
                cell: (r) => requestNote(r) ?? '—',
                className: 'text-slate-700',
              },
              { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
              { header: 'Amount', numeric: true, cell: (r) => <RequestAmount request={r} /> },
            ]}
            card={(r) => (
              <div className="flex flex-col gap-2">
                <div className="flex items-start justify-between gap-3">
                  <span className="font-semibold">{REQUEST_TYPE_LABELS[r.type]}</span>
                  <RequestAmount request={r} />
                </div>
                {requestNote(r) ? <CardLine label="Details">{requestNote(r)}</CardLine> : null}
                <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
                  <span>{formatDateTime(r.created_at)}</span>
                  <StatusBadge status={r.status} />
                </div>
              </div>
            )}
          />
        )}
      </ListCard>
    </section>
  );
}
