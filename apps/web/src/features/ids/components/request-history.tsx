import { ROUTES } from '@iddesk/contract';
import { History } from 'lucide-react';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { usePageParam } from '../../../lib/pagination';
import { useUserIdRequests } from '../api/user-id-requests';
import { RequestList } from './request-list';
import { idsText } from '../i18n';

/** The ID's requests, newest first, 15 a page (`?page=` in the URL). */
export function RequestHistory({ userIdId }: { userIdId: number }) {
  const page = usePageParam();
  const query = useUserIdRequests(userIdId, page);
  const base = ROUTES.myId(userIdId);
  const t = idsText.useT();
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="mb-4 text-lg font-semibold text-slate-900">
        {t('history.title')}
      </h2>
      <ListCard
        query={query}
        loadingLabel={t('history.loading')}
        pagesLabel={t('history.pages')}
        hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        empty={
          <ListEmpty icon={History} title={t('history.empty')}>
            {t('history.emptyHint')}
          </ListEmpty>
        }
      >
        {(items) => <RequestList items={items} caption={t('history.caption')} />}
      </ListCard>
    </section>
  );
}
