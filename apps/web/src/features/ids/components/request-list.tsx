import { ROUTES, type IdRequest } from '@iddesk/contract';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../components/ui/data-list';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../lib/money';
import { CancelRequestButton } from './cancel-buttons';
import { REQUEST_TYPE_LABELS } from './request-labels';

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

/** Which ID a request is on, linking to its details (the list across all IDs). */
function RequestIdLink({ request }: { request: IdRequest }) {
  const { id_object: idObject } = request;
  return (
    <Link
      to={ROUTES.myId(idObject.id)}
      className="inline-flex min-h-11 flex-wrap items-center justify-end gap-x-1 font-semibold text-brand-700 hover:underline md:min-h-0 md:flex-col md:items-start md:justify-center"
    >
      <span>{idObject.item.name}</span>
      <span className="font-normal text-slate-600">@{idObject.username}</span>
    </Link>
  );
}

type RequestListProps = {
  items: IdRequest[];
  caption: string;
  /** Name the ID each request is on (the list across all of a customer's IDs). */
  showId?: boolean;
};

/** Requests as a table on wide screens and as cards on phones. */
export function RequestList({ items, caption, showId = false }: RequestListProps) {
  return (
    <DataList
      items={items}
      rowKey={(r) => r.id}
      caption={caption}
      columns={[
        {
          header: 'Date',
          cell: (r) => formatDateTime(r.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        ...(showId
          ? [{ header: 'ID', cell: (r: IdRequest) => <RequestIdLink request={r} /> }]
          : []),
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
        { header: 'Action', numeric: true, cell: (r) => <CancelRequestButton request={r} /> },
      ]}
      card={(r) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <span className="font-semibold">{REQUEST_TYPE_LABELS[r.type]}</span>
            <RequestAmount request={r} />
          </div>
          {showId ? (
            <CardLine label="ID">
              <RequestIdLink request={r} />
            </CardLine>
          ) : null}
          {requestNote(r) ? <CardLine label="Details">{requestNote(r)}</CardLine> : null}
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>{formatDateTime(r.created_at)}</span>
            <StatusBadge status={r.status} />
          </div>
          <div className="flex justify-end empty:hidden">
            <CancelRequestButton request={r} />
          </div>
        </div>
      )}
    />
  );
}
