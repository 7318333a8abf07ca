import { DESK_API, ROUTES, type Withdrawal } from '@iddesk/contract';
import { HandCoins } from 'lucide-react';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useWithdrawals } from '../api/withdrawals';
import {
  ItemUserCell,
  QueueListPage,
  type QueueListView,
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

type WithdrawalListProps = QueueListView & { items: Withdrawal[]; pending: boolean };

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
  const list = useDeskList(pending ? ROUTES.adminWithdrawPending : ROUTES.adminWithdrawDone);
  const query = useWithdrawals({ pending, page: list.page, query: list.query });
  return (
    <QueueListPage
      title={titles('titles.admin.withdraw')}
      text={(key) => t(`withdrawals.${key}`)}
      pending={pending}
      list={list}
      query={query}
      icon={HandCoins}
      tabs={queueTabs(ROUTES.adminWithdrawPending, ROUTES.adminWithdrawDone)}
      csv={{ path: DESK_API.withdrawalsCsv, name: 'withdrawals' }}
      referenceLabel={t('withdrawals.referenceFilter')}
      batch={{
        path: DESK_API.withdrawalsBatch,
        kind: 'withdrawal',
        approveEffect: t('withdrawals.approveEffect'),
      }}
    >
      {(items, view) => <WithdrawalList items={items} pending={pending} {...view} />}
    </QueueListPage>
  );
}

export function AdminWithdrawPendingPage() {
  return <WithdrawalsPage pending />;
}

export function AdminWithdrawDonePage() {
  return <WithdrawalsPage pending={false} />;
}
