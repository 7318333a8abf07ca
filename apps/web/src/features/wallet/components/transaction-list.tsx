import type { Transaction } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney, formatSignedMoney, isDebit } from '../../../lib/money';
import { CardLine, DataList } from '../../../components/ui/data-list';
import { StatusBadge } from '../../../components/ui/status-badge';
import { walletText } from '../i18n';

/**
 * A signed ledger amount: credits green with "+", debits with "−", refused ones struck through.
 * A credit still waiting for the desk (a top-up being checked) is not money yet: neutral, and
 * said to be pending, never green like money already credited (issue 56). A pending debit is a
 * hold, already out of the balance: red like any debit.
 */
export function SignedAmount({
  amount,
  status,
}: {
  amount: string;
  status: Transaction['status'];
}) {
  const t = walletText.useT();
  const rejected = status === 'rejected' || status === 'cancelled';
  const waiting = status === 'pending' && !isDebit(amount);
  return (
    <span
      className={cn(
        'inline-flex flex-col items-end whitespace-nowrap font-semibold tabular-nums',
        rejected || waiting
          ? 'text-slate-600'
          : isDebit(amount)
            ? 'text-red-700'
            : 'text-emerald-700',
      )}
    >
      <span className={rejected ? 'line-through' : undefined}>
        {rejected ? (
          <span className="sr-only">
            {status === 'cancelled' ? t('list.cancelled') : t('list.rejected')}
          </span>
        ) : null}
        {waiting ? <span className="sr-only">{t('list.pending')}</span> : null}
        {formatSignedMoney(amount)}
      </span>
      {waiting ? (
        <span className="text-xs font-medium" aria-hidden="true">
          {t('list.notCredited')}
        </span>
      ) : null}
    </span>
  );
}

function Description({ tx, href }: { tx: Transaction; href?: ((tx: Transaction) => string) | undefined }) {
  const t = walletText.useT();
  const text = tx.description || t(`kind.${tx.kind}`);
  return (
    <p className="min-w-0 font-semibold text-slate-900">
      {href ? (
        <Link to={href(tx)} className="underline-offset-2 hover:underline focus-visible:underline">
          {text}
        </Link>
      ) : (
        text
      )}
    </p>
  );
}

type TransactionListProps = {
  items: Transaction[];
  caption: string;
  /** What the reader may do with a row (the customer's Cancel on a pending one). */
  action?: (tx: Transaction) => ReactNode;
  /** Where a row's description leads (the customer's receipt, issue 56). */
  receipt?: (tx: Transaction) => string;
};

/** The wallet ledger, shared by the customer's and the admin's transaction views. */
export function TransactionList({ items, caption, action, receipt }: TransactionListProps) {
  const t = walletText.useT();
  return (
    <DataList
      items={items}
      rowKey={(tx) => tx.id}
      caption={caption}
      columns={[
        {
          header: t('list.date'),
          cell: (tx) => formatDateTime(tx.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
        { header: t('list.description'), cell: (tx) => <Description tx={tx} href={receipt} /> },
        { header: t('list.status'), cell: (tx) => <StatusBadge status={tx.status} /> },
        {
          header: t('amount'),
          numeric: true,
          cell: (tx) => <SignedAmount amount={tx.amount} status={tx.status} />,
        },
        {
          header: t('list.balanceAfter'),
          numeric: true,
          cell: (tx) => (tx.balance_after === null ? '—' : formatMoney(tx.balance_after)),
          className: 'text-slate-700',
        },
        ...(action ? [{ header: t('list.action'), numeric: true, cell: action }] : []),
      ]}
      card={(tx) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <Description tx={tx} href={receipt} />
            <SignedAmount amount={tx.amount} status={tx.status} />
          </div>
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>{formatDateTime(tx.created_at)}</span>
            <StatusBadge status={tx.status} />
          </div>
          {tx.balance_after !== null ? (
            <CardLine label={t('list.balanceAfter')}>{formatMoney(tx.balance_after)}</CardLine>
          ) : null}
          {action ? <div className="flex justify-end empty:hidden">{action(tx)}</div> : null}
        </div>
      )}
    />
  );
}
