import { ROUTES } from '@iddesk/contract';
import { History } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { readPage } from '../../../lib/pagination';
import { useRequests } from '../api/requests';
import { RequestList } from './request-list';

/**
 * "All requests" on My IDs: every request on every one of the customer's IDs, newest first,
 * 15 a page (`?page=` in the URL), each naming and linking its ID (`GET /requests`).
 */
export function AllRequests() {
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useRequests(page);
  return (
    <section aria-labelledby="all-requests-heading" className="mt-10">
      <h2 id="all-requests-heading" className="mb-1 text-lg font-semibold text-slate-900">
        All requests
      </h2>
      <p className="mb-4 text-slate-600">
        Every deposit, withdrawal and other request across your IDs, newest first.
      </p>
      <ListCard
        query={query}
        loadingLabel="Loading your requests"
        pagesLabel="All requests pages"
        hrefFor={(p) => (p > 1 ? `${ROUTES.myIds}?page=${p}` : ROUTES.myIds)}
        empty={
          <ListEmpty icon={History} title="No requests yet">
            Requests you make on your IDs (new IDs, deposits, withdrawals) show here.
          </ListEmpty>
        }
      >
        {(items) => <RequestList items={items} caption="All requests across your IDs" showId />}
      </ListCard>
    </section>
  );
}
