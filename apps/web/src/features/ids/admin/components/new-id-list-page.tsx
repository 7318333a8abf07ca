import { DESK_API, ROUTES, type UserId } from '@iddesk/contract';
import { IdCard } from 'lucide-react';
import { CardLine } from '../../../../components/ui/data-list';
import { Reference } from '../../../../components/ui/reference';
import { LinkTabs } from '../../../../components/ui/link-tabs';
import { formatMoney } from '../../../../lib/money';
import { useAdminUserIds } from '../api/user-ids';
import {
  ItemUserCell,
  QueueListPage,
  type QueueListView,
  QueueRows,
  staffText,
  useDeskList,
} from '../../../staff';
import { IdCell } from './id-cells';
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

function NewIdList(props: QueueListView & { items: UserId[]; pending: boolean }) {
  const t = idsStaff.useT();
  return (
    <QueueRows
      {...props}
      header={t('list.request')}
      href={(u) => ROUTES.adminNewId(u.id)}
      linkText={(u) => t('newIds.link', { id: u.id })}
      nowrap
      proofAlt={(u) => t('newIds.screenshot', { id: u.id })}
      columns={[
        {
          header: t('list.customer'),
          cell: (u) => (u.user ? <ItemUserCell user={u.user} /> : '—'),
        },
        { header: t('list.id'), cell: (u) => <IdCell item={u.item} username={u.username} /> },
        {
          header: t('list.amount'),
          numeric: true,
          cell: (u) => <span className="font-semibold">{formatMoney(u.amount)}</span>,
        },
        {
          header: t('list.paidWith'),
          cell: (u) => (
            <div className="min-w-0">
              {u.reference ? <Reference value={u.reference} /> : null}
              <p className={u.reference ? 'text-sm text-slate-600' : undefined}>{paidWith(u)}</p>
            </div>
          ),
        },
      ]}
      statusHeader={t('list.status')}
      amount={(u) => <span className="font-semibold tabular-nums">{formatMoney(u.amount)}</span>}
      lines={(u) => (
        <>
          <IdCell item={u.item} username={u.username} />
          {u.user ? <CardLine label={t('list.customer')}>{u.user.name}</CardLine> : null}
          <CardLine label={t('list.paidWith')}>{paidWith(u)}</CardLine>
          {u.reference ? (
            <CardLine label={t('newId.reference')}>
              <Reference value={u.reference} />
            </CardLine>
          ) : null}
        </>
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
