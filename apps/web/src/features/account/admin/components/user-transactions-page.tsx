import { DESK_API, ROUTES } from '@iddesk/contract';
import { ReceiptText } from 'lucide-react';
import { LinkTabs } from '../../../../components/ui/link-tabs';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { TransactionList } from '../../../wallet';
import { isNotFound } from '../../../../lib/api-error';
import { formatMoney } from '../../../../lib/money';
import { ExportButton, FilterBar, staffText, useDeskList, withParams } from '../../../staff';
import { useUser, useUserTransactions } from '../api/users';
import { NotFoundCard } from '../../../../components/ui/detail-query';
import { BackLink } from '../../../../components/ui/back-link';
import { useIdParam } from '../../../../lib/use-id-param';
import { common } from '../../../../lib/i18n-common';
import { accountStaff } from '../i18n';

type Tab = 'pending' | 'done';

function UserTransactions({ id }: { id: number }) {
  const t = accountStaff.useT();
  const shared = staffText.useT();
  const titles = common.useT();
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
  const href = (to: Tab) => withParams(base, list.params, { tab: to, page: undefined });
  const name = user.data?.name ?? t('ledger.someone', { id });

  if (isNotFound(user.error)) {
    return (
      <>
        <PageHeading title={titles('titles.admin.transactions')} />
        <NotFoundCard what={t('user.what')} back={ROUTES.adminUsers} backLabel={t('user.back')} />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title={t('ledger.title', { name })}
        description={
          user.data
            ? t('ledger.descriptionBalance', { id, balance: formatMoney(user.data.balance) })
            : t('ledger.description', { id })
        }
        actions={
          <>
            <ExportButton
              path={DESK_API.userTransactionsCsv(id)}
              query={{ ...list.query, pending: tab === 'pending' ? 1 : 0 }}
              filename={`transactions-user-${id}-${tab}.csv`}
            />
            <BackLink to={ROUTES.adminUser(id)}>{t('ledger.back')}</BackLink>
          </>
        }
      />
      <LinkTabs
        label={t('ledger.tabs')}
        tabs={[
          { to: href('pending'), label: shared('frame.pending'), active: tab === 'pending' },
          { to: href('done'), label: shared('frame.done'), active: tab === 'done' },
        ]}
      />
      <FilterBar
        list={list}
        label={t('ledger.filter')}
        customer={false}
        referenceLabel={t('ledger.reference')}
        sortDefault="newest"
      />
      <ListCard
        query={query}
        loadingLabel={t('recent.loading')}
        pagesLabel={t('ledger.pages')}
        hrefFor={list.hrefFor}
        empty={
          <ListEmpty
            icon={ReceiptText}
            title={t(
              list.filtered
                ? 'ledger.filteredEmpty'
                : tab === 'pending'
                  ? 'ledger.emptyPending'
                  : 'ledger.emptyDone',
            )}
          >
            {list.filtered
              ? shared('list.filteredHint')
              : t(tab === 'pending' ? 'ledger.emptyPendingHint' : 'ledger.emptyDoneHint')}
          </ListEmpty>
        }
      >
        {(items) => (
          <TransactionList
            items={items}
            caption={t(tab === 'pending' ? 'ledger.captionPending' : 'ledger.captionDone')}
          />
        )}
      </ListCard>
    </>
  );
}

export function AdminUserTransactionsPage() {
  const t = accountStaff.useT();
  const titles = common.useT();
  const id = useIdParam();
  if (id) return <UserTransactions id={id} />;
  return (
    <>
      <PageHeading title={titles('titles.admin.transactions')} />
      <NotFoundCard what={t('user.what')} back={ROUTES.adminUsers} backLabel={t('user.back')} />
    </>
  );
}
