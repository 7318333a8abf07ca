import { ROUTES } from '@iddesk/contract';
import { History } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { readPage } from '../../../lib/pagination';
import { useUserIdRequests } from '../api/user-id-requests';
import { RequestList } from './request-list';

/** The ID's requests, newest first, 15 a page (`?page=` in the URL). */
export function RequestHistory({ userIdId }: { userIdId: number }) {
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useUserIdRequests(userIdId, page);
  const base = ROUTES.myId(userIdId);
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Request history
      </h2>
      <ListCard
        query={query}
        loadingLabel="Loading the request history"
        pagesLabel="Request history pages"
        hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        empty={
          <ListEmpty icon={History} title="No requests yet">
            Deposits, withdrawals and other requests on this ID show here.
          </ListEmpty>
        }
      >
        {(items) => <RequestList items={items} caption="Requests on this ID" />}
      </ListCard>
    </section>
  );
}
