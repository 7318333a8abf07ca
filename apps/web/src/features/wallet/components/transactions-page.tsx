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

type Tab = 'pending' | 'done';

const href = (tab: Tab, page = 1) =>
  `${ROUTES.transactions}?tab=${tab}${page > 1 ? `&page=${page}` : ''}`;

/** The customer's wallet ledger: Pending (holds, top-ups awaiting approval) and Done. */
export function TransactionsPage() {
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'done' ? 'done' : 'pending';
  const page = readPage(params.get('page'));
  const query = useTransactions({ pending: tab === 'pending', page });
  const caption = tab === 'pending' ? 'Pending transactions' : 'Done transactions';

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
        tabs={[
          { to: href('pending'), label: 'Pending', active: tab === 'pending' },
          { to: href('done'), label: 'Done', active: tab === 'done' },
        ]}
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
              title="No transactions yet"
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
