import { ROUTES } from '@iddesk/contract';
import { ArrowUpFromLine, Plus, ReceiptText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { LinkTabs } from '../../../components/ui/link-tabs';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { CancelTransactionButton } from './cancel-transaction-button';
import { TransactionList } from './transaction-list';
import { readPage } from '../../../lib/pagination';
import { useTransactions } from '../api/get-transactions';

type Tab = 'all' | 'pending' | 'done';

const TABS: { tab: Tab; label: string; caption: string }[] = [
  { tab: 'all', label: 'All', caption: 'All transactions' },
  { tab: 'pending', label: 'Pending', caption: 'Pending transactions' },
  { tab: 'done', label: 'Done', caption: 'Done transactions' },
];

const readTab = (value: string | null): Tab =>
  value === 'pending' || value === 'done' ? value : 'all';

const href = (tab: Tab, page = 1) => {
  const query = [tab === 'all' ? '' : `tab=${tab}`, page > 1 ? `page=${page}` : '']
    .filter(Boolean)
    .join('&');
  return query ? `${ROUTES.transactions}?${query}` : ROUTES.transactions;
};

/**
 * The customer's wallet ledger. It opens on **All**, every movement newest first with the
 * pending ones marked (issue 17: an empty "Pending" tab hid the history); Pending (holds,
 * top-ups awaiting approval) and Done narrow it.
 */
export function TransactionsPage() {
  const [params] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const page = readPage(params.get('page'));
  const query = useTransactions(tab === 'all' ? { page } : { pending: tab === 'pending', page });
  const caption = TABS.find((t) => t.tab === tab)!.caption;

  return (
    <>
      <PageHeading
        title="Transactions"
        description="Every movement of your wallet balance, newest first."
        actions={
          <>
            <ButtonLink to={ROUTES.addFunds}>
              <Plus className="size-4" aria-hidden="true" />
              Add funds
            </ButtonLink>
            <ButtonLink to={ROUTES.withdraw} variant="secondary">
              <ArrowUpFromLine className="size-4" aria-hidden="true" />
              Withdraw
            </ButtonLink>
          </>
        }
      />
      <LinkTabs
        label="Transaction lists"
        tabs={TABS.map((t) => ({ to: href(t.tab), label: t.label, active: tab === t.tab }))}
      />
      <ListCard
        query={query}
        loadingLabel="Loading transactions"
        pagesLabel="Transaction pages"
        hrefFor={(p) => href(tab, p)}
        empty={
          tab === 'pending' ? (
            <ListEmpty icon={ReceiptText} title="Nothing pending">
              Top-ups waiting for approval and withdrawals on hold show here; you can cancel them
              until the desk handles them.
            </ListEmpty>
          ) : (
            <ListEmpty
              icon={ReceiptText}
              title={tab === 'all' ? 'No transactions yet' : 'Nothing settled yet'}
              action={<ButtonLink to={ROUTES.addFunds}>Add funds</ButtonLink>}
            >
              Approved top-ups, withdrawals and ID payments show here.
            </ListEmpty>
          )
        }
      >
        {(items) => (
          <TransactionList
            items={items}
            caption={caption}
            {...(tab === 'pending' ? { action: (tx) => <CancelTransactionButton tx={tx} /> } : {})}
          />
        )}
      </ListCard>
    </>
  );
}
