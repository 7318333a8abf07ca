import { DESK_API, ROUTES, type Bill } from '@iddesk/contract';
import { Receipt } from 'lucide-react';
import { CardLine } from '../../../../components/ui/data-list';
import { Reference } from '../../../../components/ui/reference';
import { formatMoney } from '../../../../lib/money';
import { useBills } from '../api/bills';
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
import { ScreenshotReading } from './screenshot-reading';

const amount = (b: Bill) => (
  <span className="font-semibold tabular-nums">{formatMoney(b.amount)}</span>
);

function BillList(props: QueueListView & { items: Bill[]; pending: boolean }) {
  const t = walletStaff.useT();
  return (
    <QueueRows
      {...props}
      header={t('bills.columnBill')}
      href={(b) => ROUTES.adminBill(b.id)}
      linkText={(b) => t('bills.link', { id: b.id })}
      proofAlt={(b) => t('bills.screenshot', { id: b.id })}
      selectLabel={(b) => t('bills.select', { id: b.id })}
      selectAllLabel={t('bills.selectAll')}
      columns={[
        { header: t('bills.columnUser'), cell: (b) => <ItemUserCell user={b.user} /> },
        {
          header: t('bills.columnAmount'),
          numeric: true,
          cell: (b) => <span className="font-semibold">{formatMoney(b.amount)}</span>,
        },
        {
          // The reference first and as large as the name: it is what staff compare by eye.
          header: t('bills.columnReference'),
          cell: (b) => (
            <div className="min-w-0">
              <Reference value={b.reference} />
              <p className="text-sm text-slate-600">{b.payment_type.name}</p>
              <ScreenshotReading bill={b} compact />
            </div>
          ),
        },
      ]}
      statusHeader={t('bills.columnStatus')}
      amount={amount}
      lines={(b) => (
        <>
          <ItemUserCell user={b.user} />
          <CardLine label={t('bills.reference')}>
            <Reference value={b.reference} />
          </CardLine>
          <CardLine label={t('bills.paidTo')}>{b.payment_type.name}</CardLine>
          <ScreenshotReading bill={b} compact />
        </>
      )}
    />
  );
}

function BillsPage({ pending }: { pending: boolean }) {
  const t = walletStaff.useT();
  const titles = common.useT();
  const list = useDeskList(pending ? ROUTES.adminBillsPending : ROUTES.adminBillsDone);
  const query = useBills({ pending, page: list.page, query: list.query });
  return (
    <QueueListPage
      title={titles('titles.admin.bills')}
      text={(key) => t(`bills.${key}`)}
      pending={pending}
      list={list}
      query={query}
      icon={Receipt}
      tabs={queueTabs(ROUTES.adminBillsPending, ROUTES.adminBillsDone)}
      csv={{ path: DESK_API.billsCsv, name: 'bills' }}
      paymentType
      batch={{ path: DESK_API.billsBatch, kind: 'bill', approveEffect: t('bills.approveEffect') }}
    >
      {(items, view) => <BillList items={items} pending={pending} {...view} />}
    </QueueListPage>
  );
}

export function AdminBillsPendingPage() {
  return <BillsPage pending />;
}

export function AdminBillsDonePage() {
  return <BillsPage pending={false} />;
}
