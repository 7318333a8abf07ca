import { DESK_API, ROUTES, type Withdrawal } from '@iddesk/contract';
import { HandCoins } from 'lucide-react';
import { CardLine } from '../../../../components/ui/data-list';
import { formatMoney } from '../../../../lib/money';
import { useWithdrawals } from '../api/withdrawals';
import {
  ItemUserCell,
  QueueListPage,
  type QueueListView,
  QueueRows,
  queueTabs,
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

function WithdrawalList(props: QueueListView & { items: Withdrawal[]; pending: boolean }) {
  const t = walletStaff.useT();
  return (
    <QueueRows
      {...props}
      header={t('withdrawals.columnWithdrawal')}
      href={(w) => ROUTES.adminWithdraw(w.id)}
      linkText={(w) => t('withdrawals.link', { id: w.id })}
      nowrap
      selectLabel={(w) => t('withdrawals.select', { id: w.id })}
      selectAllLabel={t('bills.selectAll')}
      columns={[
        { header: t('bills.columnUser'), cell: (w) => <ItemUserCell user={w.user} /> },
        {
          header: t('bills.columnAmount'),
          numeric: true,
          cell: (w) => <span className="font-semibold">{formatMoney(w.amount)}</span>,
        },
        {
          header: t('withdrawals.sendTo'),
          cell: (w) => <span className="break-all">{destinationText(w)}</span>,
        },
      ]}
      statusHeader={t('bills.columnStatus')}
      amount={(w) => <span className="font-semibold tabular-nums">{formatMoney(w.amount)}</span>}
      lines={(w) => (
        <>
          <ItemUserCell user={w.user} />
          <CardLine label={t('withdrawals.sendTo')}>{destinationText(w)}</CardLine>
        </>
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
