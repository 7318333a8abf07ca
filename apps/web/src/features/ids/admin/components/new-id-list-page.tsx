import { DESK_API, ROUTES, type UserId } from '@iddesk/contract';
import { IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { LinkTabs } from '../../../../components/ui/link-tabs';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useAdminUserIds } from '../api/user-ids';
import {
  ItemUserCell,
  ProofThumb,
  QueueListPage,
  type QueueListView,
  ReusedFlag,
  staffText,
  TimeLines,
  timeColumn,
  useDeskList,
} from '../../../staff';
import { IdCell, linkClass } from './id-cells';
import { common } from '../../../../lib/i18n-common';
import { idsStaff } from '../i18n';

type Tab = 'pending' | 'done';

const href = (tab: Tab, page = 1) => {
  const params = new URLSearchParams();
  if (tab === 'done') params.set('tab', 'done');
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `${ROUTES.adminNewIds}?${qs}` : ROUTES.adminNewIds;
};

const paidWith = (u: UserId) =>
  u.pay_from === 'wallet'
    ? idsStaff.t('newIds.wallet')
    : (u.payment_type?.name ?? idsStaff.t('newIds.payment'));

function NewIdLink({ userId, search }: { userId: UserId; search: string }) {
  const t = idsStaff.useT();
  return (
    <Link to={`${ROUTES.adminNewId(userId.id)}${search}`} className={linkClass}>
      {t('newIds.link', { id: userId.id })}
    </Link>
  );
}

type NewIdListProps = QueueListView & { items: UserId[]; pending: boolean };

function NewIdList({ items, caption, pending, search }: NewIdListProps) {
  const t = idsStaff.useT();
  const thumb = (u: UserId) =>
    pending && u.proof_url ? (
      <ProofThumb url={u.proof_url} alt={t('newIds.screenshot', { id: u.id })} />
    ) : null;
  return (
    <DataList
      items={items}
      rowKey={(u) => u.id}
      caption={caption}
      flagged={(u) => Boolean(u.reused_proof?.flagged)}
      columns={[
        {
          header: t('list.request'),
          cell: (u) => (
            <div className="flex items-center gap-3">
              {thumb(u)}
              <div className="flex flex-col items-start gap-1 whitespace-nowrap">
                <NewIdLink userId={u} search={search} />
                <ReusedFlag flag={u.reused_proof} />
              </div>
            </div>
          ),
        },
        { header: t('list.customer'), cell: (u) => (u.user ? <ItemUserCell user={u.user} /> : '—') },
        { header: t('list.id'), cell: (u) => <IdCell item={u.item} username={u.username} /> },
        {
          header: t('list.amount'),
          numeric: true,
          cell: (u) => <span className="font-semibold">{formatMoney(u.amount)}</span>,
        },
        { header: t('list.paidWith'), cell: paidWith },
        timeColumn(pending),
        { header: t('list.status'), cell: (u) => <StatusBadge status={u.status} /> },
      ]}
      card={(u) => (
        <div className="flex gap-3">
          {thumb(u)}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <NewIdLink userId={u} search={search} />
              <span className="font-semibold tabular-nums">{formatMoney(u.amount)}</span>
            </div>
            <ReusedFlag flag={u.reused_proof} />
            <IdCell item={u.item} username={u.username} />
            {u.user ? <CardLine label={t('list.customer')}>{u.user.name}</CardLine> : null}
            <CardLine label={t('list.paidWith')}>{paidWith(u)}</CardLine>
            <TimeLines item={u} pending={pending} status={u.status} />
          </div>
        </div>
      )}
    />
  );
}

/** `/admin/new_ids`: customers waiting for a new ID (Pending) and the handled ones (Done). */
export function AdminNewIdsPage() {
  const t = idsStaff.useT();
  const shared = staffText.useT();
  const titles = common.useT();
  const list = useDeskList(ROUTES.adminNewIds);
  const tab: Tab = list.params.get('tab') === 'done' ? 'done' : 'pending';
  const pending = tab === 'pending';
  const query = useAdminUserIds({ pending, page: list.page, query: list.query });
  return (
    <QueueListPage
      title={titles('titles.admin.newId')}
      text={(key) => t(`newIds.${key}`)}
      pending={pending}
      list={list}
      query={query}
      icon={IdCard}
      above={
        <LinkTabs
          label={t('newIds.tabs')}
          tabs={[
            { to: href('pending'), label: shared('frame.pending'), active: pending },
            { to: href('done'), label: shared('frame.done'), active: !pending },
          ]}
        />
      }
      csv={{ path: DESK_API.userIdsCsv, name: 'new-ids' }}
      filterKey={tab}
      paymentType
    >
      {(items, view) => <NewIdList items={items} pending={pending} {...view} />}
    </QueueListPage>
  );
}
