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
  TimeLines,
  timeColumn,
  useDeskList,
} from '../../../staff';

const WITHDRAW_TABS = [
  { to: ROUTES.adminWithdrawPending, label: 'Pending' },
  { to: ROUTES.adminWithdrawDone, label: 'Done' },
];

/** "UPI asha@okaxis" or "Bank 1234567890 · SBIN0001234". */
export function destinationText(w: Withdrawal): string {
  return w.method === 'upi'
    ? `UPI ${w.upi_id ?? '—'}`
    : `Bank ${w.account_number ?? '—'} · ${w.ifsc ?? '—'}`;
}

function WithdrawalLink({ w, search }: { w: Withdrawal; search: string }) {
  return (
    <Link
      to={`${ROUTES.adminWithdraw(w.id)}${search}`}
      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      Withdrawal #{w.id}
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
  return (
    <DataList
      items={items}
      rowKey={(w) => w.id}
      caption={caption}
      selection={
        selection && {
          selected: selection.selected,
          onChange: (next) => selection.onChange(next as Set<number>),
          label: (w) => `Select withdrawal #${w.id}`,
        }
      }
      columns={[
        {
          header: 'Withdrawal',
          cell: (w) => <WithdrawalLink w={w} search={search} />,
          className: 'whitespace-nowrap',
        },
        { header: 'User', cell: (w) => <ItemUserCell user={w.user} /> },
        {
          header: 'Amount',
          numeric: true,
          cell: (w) => <span className="font-semibold">{formatMoney(w.amount)}</span>,
        },
        { header: 'Send to', cell: (w) => <span className="break-all">{destinationText(w)}</span> },
        timeColumn(pending),
        { header: 'Status', cell: (w) => <StatusBadge status={w.status} /> },
      ]}
      card={(w) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <WithdrawalLink w={w} search={search} />
            <span className="font-semibold tabular-nums">{formatMoney(w.amount)}</span>
          </div>
          <ItemUserCell user={w.user} />
          <CardLine label="Send to">{destinationText(w)}</CardLine>
          <TimeLines item={w} pending={pending} status={w.status} />
        </div>
      )}
    />
  );
}

function WithdrawalsPage({ pending }: { pending: boolean }) {
  const base = pending ? ROUTES.adminWithdrawPending : ROUTES.adminWithdrawDone;
  const list = useDeskList(base);
  const query = useWithdrawals({ pending, page: list.page, query: list.query });
  const canDecide = useStaffCan('queues.decide');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const search = listSearch(list.params.toString());
  const chosen = (query.data?.items ?? []).filter((w) => selected.has(w.id));
  return (
    <AdminFrame
      title="Withdraw"
      description={
        pending
          ? 'Wallet payouts waiting to be sent, oldest first. The amounts are already held from the balances.'
          : 'Payouts that have been sent or rejected, newest first.'
      }
      tabs={WITHDRAW_TABS}
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
        label="Filter withdrawals"
        referenceLabel="Payout reference"
        sortDefault={pending ? 'oldest' : 'newest'}
      />
      {pending && canDecide ? (
        <BatchBar
          path={DESK_API.withdrawalsBatch}
          chosen={chosen}
          onClear={() => setSelected(new Set())}
          noun="withdrawal"
          approveEffect="Confirm each has been paid out: its held amount is settled (no payout reference or screenshot is recorded)."
        />
      ) : null}
      <ListCard
        query={query}
        loadingLabel="Loading withdrawals"
        pagesLabel="Withdrawal pages"
        hrefFor={list.hrefFor}
        empty={
          <DeskEmpty
            icon={HandCoins}
            filtered={list.filtered}
            noun="withdrawals"
            title={pending ? 'No withdrawals waiting' : 'No handled withdrawals yet'}
          >
            {pending
              ? 'New payout requests appear here as customers send them.'
              : 'Sent and rejected payouts are listed here.'}
          </DeskEmpty>
        }
      >
        {(items) => (
          <WithdrawalList
            items={items}
            caption={pending ? 'Pending withdrawals' : 'Handled withdrawals'}
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
