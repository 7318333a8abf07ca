import { ROUTES, type Bill } from '@iddesk/contract';
import { Receipt } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { useBills } from '../api/bills';
import { AdminFrame } from '../../../staff';
import { ItemUserCell } from '../../../staff';

export const BILL_TABS = [
  { to: ROUTES.adminBillsPending, label: 'Pending' },
  { to: ROUTES.adminBillsDone, label: 'Done' },
];

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

function BillLink({ bill }: { bill: Bill }) {
  return (
    <Link to={ROUTES.adminBill(bill.id)} className={linkClass}>
      Bill #{bill.id}
    </Link>
  );
}

function BillList({ items, caption }: { items: Bill[]; caption: string }) {
  return (
    <DataList
      items={items}
      rowKey={(b) => b.id}
      caption={caption}
      columns={[
        { header: 'Bill', cell: (b) => <BillLink bill={b} />, className: 'whitespace-nowrap' },
        { header: 'User', cell: (b) => <ItemUserCell user={b.user} /> },
        {
          header: 'Amount',
          numeric: true,
          cell: (b) => <span className="font-semibold">{formatMoney(b.amount)}</span>,
        },
        { header: 'Payment type', cell: (b) => b.payment_type.name },
        { header: 'Reference', cell: (b) => <span className="break-all">{b.reference}</span> },
        {
          header: 'Date',
          cell: (b) => formatDateTime(b.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        { header: 'Status', cell: (b) => <StatusBadge status={b.status} /> },
      ]}
      card={(b) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <BillLink bill={b} />
            <span className="font-semibold tabular-nums">{formatMoney(b.amount)}</span>
          </div>
          <ItemUserCell user={b.user} />
          <CardLine label="Payment type">{b.payment_type.name}</CardLine>
          <CardLine label="Reference">{b.reference}</CardLine>
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>{formatDateTime(b.created_at)}</span>
            <StatusBadge status={b.status} />
          </div>
        </div>
      )}
    />
  );
}

function BillsPage({ pending }: { pending: boolean }) {
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useBills({ pending, page });
  const base = pending ? ROUTES.adminBillsPending : ROUTES.adminBillsDone;
  return (
    <AdminFrame
      title="Bills"
      description={
        pending
          ? 'Wallet top-ups waiting for a payment check, newest first.'
          : 'Top-ups that have been approved or rejected.'
      }
      tabs={BILL_TABS}
    >
      <ListCard
        query={query}
        loadingLabel="Loading bills"
        pagesLabel="Bill pages"
        hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        empty={
          <ListEmpty icon={Receipt} title={pending ? 'No bills waiting' : 'No handled bills yet'}>
            {pending
              ? 'New top-ups appear here as customers send them.'
              : 'Approved and rejected bills are listed here.'}
          </ListEmpty>
        }
      >
        {(items) => (
          <BillList items={items} caption={pending ? 'Pending bills' : 'Handled bills'} />
        )}
      </ListCard>
    </AdminFrame>
  );
}

export function AdminBillsPendingPage() {
  return <BillsPage pending />;
}

export function AdminBillsDonePage() {
  return <BillsPage pending={false} />;
}
