import { ROUTES } from '@iddesk/contract';
import { ArrowLeft, ReceiptText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../../components/ui/button';
import { LinkTabs } from '../../../../components/ui/link-tabs';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { TransactionList } from '../../../wallet';
import { isNotFound } from '../../../../lib/api-error';
import { formatMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { useUser, useUserTransactions } from '../api/users';
import { NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';

type Tab = 'pending' | 'done';

function UserTransactions({ id }: { id: number }) {
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'done' ? 'done' : 'pending';
  const page = readPage(params.get('page'));
  const user = useUser(id);
  const query = useUserTransactions(id, { pending: tab === 'pending', page });
  const base = ROUTES.adminUserTransactions(id);
  const href = (t: Tab, p = 1) => `${base}?tab=${t}${p > 1 ? `&page=${p}` : ''}`;
  const name = user.data?.name ?? `user #${id}`;

  if (isNotFound(user.error)) {
    return (
      <>
        <PageHeading title="Transactions" />
        <NotFoundCard what="user" back={ROUTES.adminUsers} backLabel="All users" />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title={`Transactions of ${name}`}
        description={
          user.data
            ? `The wallet ledger of user #${id}. Balance now: ${formatMoney(user.data.balance)}.`
            : `The wallet ledger of user #${id}.`
        }
        actions={
          <ButtonLink to={ROUTES.adminUser(id)} variant="light">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to user
          </ButtonLink>
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
          <ListEmpty
            icon={ReceiptText}
            title={tab === 'pending' ? 'Nothing pending' : 'No settled transactions'}
          >
            {tab === 'pending'
              ? 'Top-ups awaiting approval and held withdrawals show here.'
              : 'Approved and rejected movements show here.'}
          </ListEmpty>
        }
      >
        {(items) => (
          <TransactionList
            items={items}
            caption={tab === 'pending' ? 'Pending transactions' : 'Done transactions'}
          />
        )}
      </ListCard>
    </>
  );
}

export function AdminUserTransactionsPage() {
  const id = useIdParam();
  if (id) return <UserTransactions id={id} />;
  return (
    <>
      <PageHeading title="Transactions" />
      <NotFoundCard what="user" back={ROUTES.adminUsers} backLabel="All users" />
    </>
  );
}
