import { DESK_API, ROUTES, type Bill } from '@iddesk/contract';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useBills } from '../api/bills';
import {
  ItemUserCell,
  ProofThumb,
  QueueListPage,
  type QueueListView,
  queueTabs,
  ReusedFlag,
  TimeLines,
  timeColumn,
  useDeskList,
} from '../../../staff';
import { common } from '../../../../lib/i18n-common';
import { walletStaff } from '../i18n';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

function BillLink({ bill, search }: { bill: Bill; search: string }) {
  const t = walletStaff.useT();
  return (
    <Link to={`${ROUTES.adminBill(bill.id)}${search}`} className={linkClass}>
      {t('bills.link', { id: bill.id })}
    </Link>
  );
}

type BillListProps = QueueListView & { items: Bill[]; pending: boolean };

function BillList({ items, caption, pending, search, selection }: BillListProps) {
  const t = walletStaff.useT();
  return (
    <DataList
      items={items}
      rowKey={(b) => b.id}
      caption={caption}
      flagged={(b) => Boolean(b.reused_proof?.flagged)}
      selection={
        selection && {
          selected: selection.selected,
          onChange: (next) => selection.onChange(next as Set<number>),
          label: (b) => t('bills.select', { id: b.id }),
          allLabel: t('bills.selectAll'),
        }
      }
      columns={[
        {
          header: t('bills.columnBill'),
          cell: (b) => (
            <div className="flex items-center gap-3">
              {pending ? (
                <ProofThumb url={b.proof_url} alt={t('bills.screenshot', { id: b.id })} />
              ) : null}
              <div className="flex flex-col items-start gap-1">
                <BillLink bill={b} search={search} />
                <ReusedFlag flag={b.reused_proof} />
              </div>
            </div>
          ),
        },
        { header: t('bills.columnUser'), cell: (b) => <ItemUserCell user={b.user} /> },
        {
          header: t('bills.columnAmount'),
          numeric: true,
          cell: (b) => <span className="font-semibold">{formatMoney(b.amount)}</span>,
        },
        {
          header: t('bills.columnPaidTo'),
          cell: (b) => (
            <div className="min-w-0">
              <p>{b.payment_type.name}</p>
              <p className="break-all font-mono text-xs text-slate-600">{b.reference}</p>
            </div>
          ),
        },
        timeColumn<Bill>(pending),
        { header: t('bills.columnStatus'), cell: (b) => <StatusBadge status={b.status} /> },
      ]}
      card={(b) => (
        <div className="flex gap-3">
          {pending ? (
            <ProofThumb url={b.proof_url} alt={t('bills.screenshot', { id: b.id })} />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <BillLink bill={b} search={search} />
              <span className="font-semibold tabular-nums">{formatMoney(b.amount)}</span>
            </div>
            <ReusedFlag flag={b.reused_proof} />
            <ItemUserCell user={b.user} />
            <CardLine label={t('bills.paidTo')}>{b.payment_type.name}</CardLine>
            <CardLine label={t('bills.reference')}>{b.reference}</CardLine>
            <TimeLines item={b} pending={pending} status={b.status} />
          </div>
        </div>
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
