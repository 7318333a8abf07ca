import { DESK_API, ROUTES } from '@iddesk/contract';
import { ArrowLeft, ReceiptText } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { LinkTabs } from '../../../../components/ui/link-tabs';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { TransactionList } from '../../../wallet';
import { isNotFound } from '../../../../lib/api-error';
import { formatMoney } from '../../../../lib/money';
import { ExportButton, FilterBar, useDeskList, withParams } from '../../../staff';
import { useUser, useUserTransactions } from '../api/users';
import { NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';

type Tab = 'pending' | 'done';

function UserTransactions({ id }: { id: number }) {
  const base = ROUTES.adminUserTransactions(id);
  const list = useDeskList(base);
  const tab: Tab = list.params.get('tab') === 'done' ? 'done' : 'pending';
  const user = useUser(id);
  const query = useUserTransactions(id, {
    pending: tab === 'pending',
    page: list.page,
    query: list.query,
  });
  // Switching tabs keeps the filters; the page starts again at 1.
  const href = (t: Tab) => withParams(base, list.params, { tab: t, page: undefined });
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
          <>
            <ExportButton
              path={DESK_API.userTransactionsCsv(id)}
              query={{ ...list.query, pending: tab === 'pending' ? 1 : 0 }}
              filename={`transactions-user-${id}-${tab}.csv`}
            />
            <ButtonLink to={ROUTES.adminUser(id)} variant="light">
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to user
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
      <FilterBar
        list={list}
        label="Filter transactions"
        customer={false}
        referenceLabel="Description"
        sortDefault="newest"
      />
      <ListCard
        query={query}
        loadingLabel="Loading transactions"
        pagesLabel="Transaction pages"
        hrefFor={list.hrefFor}
        empty={
          <ListEmpty
            icon={ReceiptText}
            title={
              list.filtered
                ? 'No transactions match these filters'
                : tab === 'pending'
                  ? 'Nothing pending'
                  : 'No settled transactions'
            }
          >
            {list.filtered
              ? 'Clear or change the filters to see more.'
              : tab === 'pending'
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
