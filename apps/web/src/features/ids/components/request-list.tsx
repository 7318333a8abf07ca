import { ROUTES, type IdRequest } from '@iddesk/contract';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../components/ui/data-list';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../lib/money';
import { CancelRequestButton } from './cancel-buttons';
import { idsText } from '../i18n';

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
  const { t } = idsText;
  if (request.comment) return t('note.comment', { comment: request.comment });
  const approved = request.status === 'approved';
  switch (request.type) {
    case 'create':
    case 'deposit':
      if (request.pay_from === 'wallet') return t('note.wallet');
      return request.reference
        ? t('note.byRef', {
            by: request.payment_type?.name ?? t('paid.payment'),
            reference: request.reference,
          })
        : t('note.by', { by: request.payment_type?.name ?? t('paid.payment') });
    case 'withdraw':
      return approved ? t('note.withdrawDone') : t('note.withdraw');
    case 'close':
      return approved ? t('note.closeDone') : t('note.close');
    case 'change_password':
      if (approved) return t('note.passwordDone');
      return request.password ? t('note.passwordSuggested') : t('note.passwordDesk');
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
  const t = idsText.useT();
  return (
    <DataList
      items={items}
      rowKey={(r) => r.id}
      caption={caption}
      columns={[
        {
          header: t('list.date'),
          cell: (r) => formatDateTime(r.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        ...(showId
          ? [{ header: t('list.id'), cell: (r: IdRequest) => <RequestIdLink request={r} /> }]
          : []),
        {
          header: t('list.request'),
          cell: (r) => <span className="font-semibold">{t(`type.${r.type}`)}</span>,
        },
        {
          header: t('list.details'),
          cell: (r) => requestNote(r) ?? '—',
          className: 'text-slate-700',
        },
        { header: t('list.status'), cell: (r) => <StatusBadge status={r.status} /> },
        { header: t('amount'), numeric: true, cell: (r) => <RequestAmount request={r} /> },
        {
          header: t('list.action'),
          numeric: true,
          cell: (r) => <CancelRequestButton request={r} />,
        },
      ]}
      card={(r) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <span className="font-semibold">{t(`type.${r.type}`)}</span>
            <RequestAmount request={r} />
          </div>
          {showId ? (
            <CardLine label={t('list.id')}>
              <RequestIdLink request={r} />
            </CardLine>
          ) : null}
          {requestNote(r) ? <CardLine label={t('list.details')}>{requestNote(r)}</CardLine> : null}
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
