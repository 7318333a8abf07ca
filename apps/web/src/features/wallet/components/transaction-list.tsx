import type { Transaction, TransactionKind } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney, formatSignedMoney, isDebit } from '../../../lib/money';
import { CardLine, DataList } from '../../../components/ui/data-list';
import { StatusBadge } from '../../../components/ui/status-badge';

export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  add_funds: 'Add funds',
  withdrawal: 'Withdrawal',
  admin_deposit: 'Deposit by the desk',
  admin_withdrawal: 'Withdrawal by the desk',
  id_create: 'New ID',
  id_deposit: 'Deposit to an ID',
  id_withdraw: 'Withdrawal from an ID',
  id_close: 'ID closed',
};

/** A signed ledger amount: credits green with "+", debits with "−", refused ones struck through. */
export function SignedAmount({
  amount,
  status,
}: {
  amount: string;
  status: Transaction['status'];
}) {
  const rejected = status === 'rejected' || status === 'cancelled';
  return (
    <span
      className={cn(
        'whitespace-nowrap font-semibold tabular-nums',
        rejected
          ? 'text-slate-600 line-through'
          : isDebit(amount)
            ? 'text-red-700'
            : 'text-emerald-700',
      )}
    >
      {rejected ? <span className="sr-only">{status === 'cancelled' ? 'Cancelled: ' : 'Rejected: '}</span> : null}
      {formatSignedMoney(amount)}
    </span>
  );
}

function Description({ tx }: { tx: Transaction }) {
  return (
    <p className="min-w-0 font-semibold text-slate-900">
      {tx.description || TRANSACTION_KIND_LABELS[tx.kind]}
    </p>
  );
}

type TransactionListProps = {
  items: Transaction[];
  caption: string;
  /** What the reader may do with a row (the customer's Cancel on a pending one). */
  action?: (tx: Transaction) => ReactNode;
};

/** The wallet ledger, shared by the customer's and the admin's transaction views. */
export function TransactionList({ items, caption, action }: TransactionListProps) {
  return (
    <DataList
      items={items}
      rowKey={(tx) => tx.id}
      caption={caption}
      columns={[
        {
          header: 'Date',
          cell: (tx) => formatDateTime(tx.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        { header: 'Description', cell: (tx) => <Description tx={tx} /> },
        { header: 'Status', cell: (tx) => <StatusBadge status={tx.status} /> },
        {
          header: 'Amount',
          numeric: true,
          cell: (tx) => <SignedAmount amount={tx.amount} status={tx.status} />,
        },
        {
          header: 'Balance after',
          numeric: true,
          cell: (tx) => (tx.balance_after === null ? '—' : formatMoney(tx.balance_after)),
          className: 'text-slate-700',
        },
        ...(action ? [{ header: 'Action', numeric: true, cell: action }] : []),
      ]}
      card={(tx) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <Description tx={tx} />
            <SignedAmount amount={tx.amount} status={tx.status} />
          </div>
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>{formatDateTime(tx.created_at)}</span>
            <StatusBadge status={tx.status} />
          </div>
          {tx.balance_after !== null ? (
            <CardLine label="Balance after">{formatMoney(tx.balance_after)}</CardLine>
          ) : null}
          {action ? <div className="flex justify-end empty:hidden">{action(tx)}</div> : null}
        </div>
      )}
    />
  );
}
