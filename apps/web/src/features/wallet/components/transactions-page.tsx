import { ROUTES } from '@iddesk/contract';
import { ArrowUpFromLine, Plus, ReceiptText } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { LinkTabs } from '../../../components/ui/link-tabs';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { CancelTransactionButton } from './cancel-transaction-button';
import { TransactionList } from './transaction-list';
import { readFilter, TransactionFilters } from './transaction-filters';
import { readPage } from '../../../lib/pagination';
import { filterQuery, type TransactionFilter, useTransactions } from '../api/get-transactions';
import type { KeyOf } from '@iddesk/contract';
import { common } from '../../../lib/i18n-common';
import { walletText } from '../i18n';

type Tab = 'all' | 'pending' | 'done';

const TABS = [
  { tab: 'all', label: 'tx.all', caption: 'tx.captionAll' },
  { tab: 'pending', label: 'tx.pending', caption: 'tx.captionPending' },
  { tab: 'done', label: 'tx.done', caption: 'tx.captionDone' },
] as const satisfies { tab: Tab; label: KeyOf<'wallet'>; caption: KeyOf<'wallet'> }[];

const readTab = (value: string | null): Tab =>
  value === 'pending' || value === 'done' ? value : 'all';

/** The page's URL: the tab, the filter (kept across tabs) and the page. */
const href = (tab: Tab, filter: TransactionFilter, page = 1) => {
  const params = new URLSearchParams({
    ...(tab === 'all' ? {} : { tab }),
    ...filterQuery(filter),
    ...(page > 1 ? { page: String(page) } : {}),
  });
  const query = params.toString();
  return query ? `${ROUTES.transactions}?${query}` : ROUTES.transactions;
};

/**
 * The customer's wallet ledger. It opens on **All**, every movement newest first with the
 * pending ones marked (issue 17: an empty "Pending" tab hid the history); Pending (holds,
 * top-ups awaiting approval) and Done narrow it, as do a type and days (issue 56), whose rows
 * the statement downloads.
 */
export function TransactionsPage() {
  const [params] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const page = readPage(params.get('page'));
  const filter = readFilter(params);
  const filtered = Object.keys(filterQuery(filter)).length > 0;
  const pending = tab === 'all' ? undefined : tab === 'pending';
  const query = useTransactions({ ...(pending === undefined ? {} : { pending }), page, filter });
  const navigate = useNavigate();
  const t = walletText.useT();
  const titles = common.useT();
  const caption = t(TABS.find((item) => item.tab === tab)!.caption);

  return (
    <>
      <PageHeading
        title={titles('titles.transactions')}
        description={t('tx.description')}
        actions={
          <>
            <ButtonLink to={ROUTES.addFunds}>
              <Plus className="size-4" aria-hidden="true" />
              {t('addFunds')}
            </ButtonLink>
            <ButtonLink to={ROUTES.withdraw} variant="secondary">
              <ArrowUpFromLine className="size-4" aria-hidden="true" />
              {t('withdraw')}
            </ButtonLink>
          </>
        }
      />
      <LinkTabs
        label={t('tx.tabs')}
        tabs={TABS.map((item) => ({
          to: href(item.tab, filter),
          label: t(item.label),
          active: tab === item.tab,
        }))}
      />
      <TransactionFilters
        filter={filter}
        pending={pending}
        onApply={(next) => void navigate(href(tab, next))}
      />
      <ListCard
        query={query}
        loadingLabel={t('tx.loading')}
        pagesLabel={t('tx.pages')}
        hrefFor={(p) => href(tab, filter, p)}
        empty={
          filtered ? (
            <ListEmpty icon={ReceiptText} title={t('tx.emptyFiltered')}>
              {t('tx.emptyFilteredHint')}
            </ListEmpty>
          ) : tab === 'pending' ? (
            <ListEmpty icon={ReceiptText} title={t('tx.emptyPending')}>
              {t('tx.emptyPendingHint')}
            </ListEmpty>
          ) : (
            <ListEmpty
              icon={ReceiptText}
              title={tab === 'all' ? t('tx.emptyAll') : t('tx.emptyDone')}
              action={<ButtonLink to={ROUTES.addFunds}>{t('addFunds')}</ButtonLink>}
            >
              {t('tx.emptyHint')}
            </ListEmpty>
          )
        }
      >
        {(items) => (
          <TransactionList
            items={items}
            caption={caption}
            receipt={(tx) => ROUTES.transaction(tx.id)}
            {...(tab !== 'done' ? { action: (tx) => <CancelTransactionButton tx={tx} /> } : {})}
          />
        )}
      </ListCard>
    </>
  );
}
