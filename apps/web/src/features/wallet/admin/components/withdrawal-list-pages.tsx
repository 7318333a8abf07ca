import { DESK_API, ROUTES, type Withdrawal } from '@iddesk/contract';
import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useStaffCan } from '../../../../lib/staff-role';
import { useWithdrawals } from '../api/withdrawals';
import {
  AdminFrame,
  DeskEmpty,
  BatchBar,
  ExportButton,
  FilterBar,
  ItemUserCell,
  listSearch,
  queueTabs,
  TimeLines,
  timeColumn,
  useDeskList,
} from '../../../staff';
import { common } from '../../../../lib/i18n-common';
import { walletStaff } from '../i18n';

/** "UPI asha@okaxis" or "Bank 1234567890 · SBIN0001234". */
export function destinationText(w: Withdrawal): string {
  const { t } = walletStaff;
  return w.method === 'upi'
    ? t('withdrawals.upi', { id: w.upi_id ?? '—' })
    : t('withdrawals.bank', { account: w.account_number ?? '—', ifsc: w.ifsc ?? '—' });
}

function WithdrawalLink({ w, search }: { w: Withdrawal; search: string }) {
  const t = walletStaff.useT();
  return (
    <Link
      to={`${ROUTES.adminWithdraw(w.id)}${search}`}
      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      {t('withdrawals.link', { id: w.id })}
    </Link>
  );
}

type WithdrawalListProps = {
  items: Withdrawal[];
  caption: string;
  pending: boolean;
  search: string;
  selection?: { selected: Set<number>; onChange: (next: Set<number>) => void };
};

function WithdrawalList({ items, caption, pending, search, selection }: WithdrawalListProps) {
  const t = walletStaff.useT();
  return (
    <DataList
      items={items}
      rowKey={(w) => w.id}
      caption={caption}
      selection={
        selection && {
          selected: selection.selected,
          onChange: (next) => selection.onChange(next as Set<number>),
          label: (w) => t('withdrawals.select', { id: w.id }),
          allLabel: t('bills.selectAll'),
        }
      }
      columns={[
        {
          header: t('withdrawals.columnWithdrawal'),
          cell: (w) => <WithdrawalLink w={w} search={search} />,
          className: 'whitespace-nowrap',
        },
        { header: t('bills.columnUser'), cell: (w) => <ItemUserCell user={w.user} /> },
        {
          header: t('bills.columnAmount'),
          numeric: true,
          cell: (w) => <span className="font-semibold">{formatMoney(w.amount)}</span>,
        },
        {
          header: t('withdrawals.sendTo'),
          cell: (w) => <span className="break-all">{destinationText(w)}</span> },
        timeColumn(pending),
        { header: t('bills.columnStatus'), cell: (w) => <StatusBadge status={w.status} /> },
      ]}
      card={(w) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <WithdrawalLink w={w} search={search} />
            <span className="font-semibold tabular-nums">{formatMoney(w.amount)}</span>
          </div>
          <ItemUserCell user={w.user} />
          <CardLine label={t('withdrawals.sendTo')}>{destinationText(w)}</CardLine>
          <TimeLines item={w} pending={pending} status={w.status} />
        </div>
      )}
    />
  );
}

function WithdrawalsPage({ pending }: { pending: boolean }) {
  const t = walletStaff.useT();
  const titles = common.useT();
  const base = pending ? ROUTES.adminWithdrawPending : ROUTES.adminWithdrawDone;
  const list = useDeskList(base);
  const query = useWithdrawals({ pending, page: list.page, query: list.query });
  const canDecide = useStaffCan('queues.decide');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const search = listSearch(list.params.toString());
  const chosen = (query.data?.items ?? []).filter((w) => selected.has(w.id));
  return (
    <AdminFrame
      title={titles('titles.admin.withdraw')}
      description={t(pending ? 'withdrawals.pendingDescription' : 'withdrawals.doneDescription')}
      tabs={queueTabs(ROUTES.adminWithdrawPending, ROUTES.adminWithdrawDone)}
      actions={
        <ExportButton
          path={DESK_API.withdrawalsCsv}
          query={{ ...list.query, pending: pending ? 1 : 0 }}
          filename={pending ? 'withdrawals-pending.csv' : 'withdrawals-done.csv'}
        />
      }
    >
      <FilterBar
        list={list}
        label={t('withdrawals.filter')}
        referenceLabel={t('withdrawals.referenceFilter')}
        sortDefault={pending ? 'oldest' : 'newest'}
      />
      {pending && canDecide ? (
        <BatchBar
          path={DESK_API.withdrawalsBatch}
          chosen={chosen}
          onClear={() => setSelected(new Set())}
          kind="withdrawal"
          approveEffect={t('withdrawals.approveEffect')}
        />
      ) : null}
      <ListCard
        query={query}
        loadingLabel={t('withdrawals.loading')}
        pagesLabel={t('withdrawals.pages')}
        hrefFor={list.hrefFor}
        empty={
          <DeskEmpty
            icon={HandCoins}
            filtered={list.filtered}
            filteredTitle={t('withdrawals.filteredEmpty')}
            title={t(pending ? 'withdrawals.emptyPending' : 'withdrawals.emptyDone')}
          >
            {t(pending ? 'withdrawals.emptyPendingHint' : 'withdrawals.emptyDoneHint')}
          </DeskEmpty>
        }
      >
        {(items) => (
          <WithdrawalList
            items={items}
            caption={t(pending ? 'withdrawals.captionPending' : 'withdrawals.captionDone')}
            pending={pending}
            search={search}
            selection={pending && canDecide ? { selected, onChange: setSelected } : undefined}
          />
        )}
      </ListCard>
    </AdminFrame>
  );
}

export function AdminWithdrawPendingPage() {
  return <WithdrawalsPage pending />;
}

export function AdminWithdrawDonePage() {
  return <WithdrawalsPage pending={false} />;
}
