import { DESK_API, ROUTES, type UserId } from '@iddesk/contract';
import { IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { LinkTabs } from '../../../../components/ui/link-tabs';
import { ListCard } from '../../../../components/ui/list-card';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useAdminUserIds } from '../api/user-ids';
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

function NewIdLink({ userId, search }: { userId: UserId; search: string }) {
  return (
    <Link to={`${ROUTES.adminNewId(userId.id)}${search}`} className={linkClass}>
      New ID #{userId.id}
    </Link>
  );
}

type NewIdListProps = { items: UserId[]; caption: string; pending: boolean; search: string };

function NewIdList({ items, caption, pending, search }: NewIdListProps) {
  const thumb = (u: UserId) =>
    pending && u.proof_url ? (
      <ProofThumb url={u.proof_url} alt={`Screenshot of new ID #${u.id}`} />
    ) : null;
  return (
    <DataList
      items={items}
      rowKey={(u) => u.id}
      caption={caption}
      flagged={(u) => Boolean(u.reused_proof?.flagged)}
      columns={[
        {
          header: 'Request',
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
        { header: 'Customer', cell: (u) => (u.user ? <ItemUserCell user={u.user} /> : '—') },
        { header: 'ID', cell: (u) => <IdCell item={u.item} username={u.username} /> },
        {
          header: 'Amount',
          numeric: true,
          cell: (u) => <span className="font-semibold">{formatMoney(u.amount)}</span>,
        },
        { header: 'Paid with', cell: paidWith },
        timeColumn(pending),
        { header: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
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
            {u.user ? <CardLine label="Customer">{u.user.name}</CardLine> : null}
            <CardLine label="Paid with">{paidWith(u)}</CardLine>
            <TimeLines item={u} pending={pending} status={u.status} />
          </div>
        </div>
      )}
    />
  );
}

/** `/admin/new_ids`: customers waiting for a new ID (Pending) and the handled ones (Done). */
export function AdminNewIdsPage() {
  const list = useDeskList(ROUTES.adminNewIds);
  const tab: Tab = list.params.get('tab') === 'done' ? 'done' : 'pending';
  const pending = tab === 'pending';
  const query = useAdminUserIds({ pending, page: list.page, query: list.query });
  const search = listSearch(list.params.toString());
  return (
    <AdminFrame
      title="New ID"
      description={
        pending
          ? 'Customers waiting for a new ID, oldest first. Create it on the service, then approve with its login.'
          : 'New-ID requests that have been approved or rejected, newest first.'
      }
      actions={
        <ExportButton
          path={DESK_API.userIdsCsv}
          query={{ ...list.query, pending: pending ? 1 : 0 }}
          filename={pending ? 'new-ids-pending.csv' : 'new-ids-done.csv'}
        />
      }
    >
      <LinkTabs
        label="New ID lists"
        tabs={[
          { to: href('pending'), label: 'Pending', active: pending },
          { to: href('done'), label: 'Done', active: !pending },
        ]}
      />
      <FilterBar
        key={tab}
        list={list}
        label="Filter new IDs"
        paymentType
        sortDefault={pending ? 'oldest' : 'newest'}
      />
      <ListCard
        query={query}
        loadingLabel="Loading new-ID requests"
        pagesLabel="New ID pages"
        hrefFor={list.hrefFor}
        empty={
          <DeskEmpty
            icon={IdCard}
            filtered={list.filtered}
            noun="new IDs"
            title={pending ? 'No new IDs waiting' : 'Nothing handled yet'}
          >
            {pending
              ? 'Requests appear here as customers send them.'
              : 'Approved and rejected new-ID requests are listed here.'}
          </DeskEmpty>
        }
      >
        {(items) => (
          <NewIdList
            items={items}
            caption={pending ? 'Pending new IDs' : 'Handled new IDs'}
            pending={pending}
            search={search}
          />
        )}
      </ListCard>
    </AdminFrame>
  );
}
