import { ROUTES } from '@iddesk/contract';
import { History } from 'lucide-react';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { usePageParam } from '../../../lib/pagination';
import { useRequests } from '../api/requests';
import { RequestList } from './request-list';
import { idsText } from '../i18n';

/**
 * "All requests" on My IDs: every request on every one of the customer's IDs, newest first,
 * 15 a page (`?page=` in the URL), each naming and linking its ID (`GET /requests`).
 */
export function AllRequests() {
  const page = usePageParam();
  const query = useRequests(page);
  const t = idsText.useT();
  return (
    <section aria-labelledby="all-requests-heading" className="mt-10">
      <h2 id="all-requests-heading" className="mb-1 text-lg font-semibold text-slate-900">
        {t('all.title')}
      </h2>
      <p className="mb-4 text-slate-600">{t('all.intro')}</p>
      <ListCard
        query={query}
        loadingLabel={t('all.loading')}
        pagesLabel={t('all.pages')}
        hrefFor={(p) => (p > 1 ? `${ROUTES.myIds}?page=${p}` : ROUTES.myIds)}
        empty={
          <ListEmpty icon={History} title={t('history.empty')}>
            {t('all.emptyHint')}
          </ListEmpty>
        }
      >
        {(items) => <RequestList items={items} caption={t('all.caption')} showId />}
      </ListCard>
    </section>
  );
}
