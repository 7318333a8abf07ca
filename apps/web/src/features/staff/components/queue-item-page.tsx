import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DetailQuery, NotFoundCard } from '../../../components/ui/detail-query';
import type { StatesQuery } from '../../../components/ui/list-states';
import { BackLink } from '../../../components/ui/back-link';
import { useIdParam } from '../../../lib/use-id-param';
import type { QueueRoutes } from '../hooks/use-queue-nav';
import { AdminFrame } from './admin-frame';

/** The handled list an item page was opened from (a link's `state`). */
export type QueueItemFrom = { backTo: string; backLabel: string };

type QueueItemPageProps<T> = {
  /** The heading for the route's id (null when the id is not a number). */
  title: (id: number | null) => string;
  /** The queue: its pending list is the way back, unless the item was opened from a handled list. */
  queue: QueueRoutes;
  /** The domain's words: the back link, the item's name ("bill") when missing, loading. */
  text: (key: 'back' | 'what' | 'loading') => string;
  /** The domain's query of one item. */
  useItem: (id: number) => StatesQuery<T>;
  children: (item: T) => ReactNode;
};

function ItemLoader<T>({
  id,
  useItem,
  loadingLabel,
  notFound,
  children,
}: { id: number; notFound: ReactNode; loadingLabel: string } & Pick<
  QueueItemPageProps<T>,
  'useItem' | 'children'
>) {
  const query = useItem(id);
  return (
    <DetailQuery query={query} loadingLabel={loadingLabel} notFound={notFound}>
      {children}
    </DetailQuery>
  );
}

/**
 * `/admin/<queue>/{id}`: the frame of a queue item's page (bill, withdrawal, ID request, new
 * ID) with its way back to the queue, the item's loading, missing and failed states; the domain
 * renders the item.
 */
export function QueueItemPage<T>({ title, queue, text, ...item }: QueueItemPageProps<T>) {
  const id = useIdParam();
  // A row of a handled list says where it was (`QueueRows`): back there, same page and filters.
  const from = useLocation().state as QueueItemFrom | null;
  const back = from?.backTo ?? queue.list;
  const backLabel = from?.backLabel ?? text('back');
  const notFound = <NotFoundCard what={text('what')} back={back} backLabel={backLabel} />;
  return (
    <AdminFrame title={title(id)} actions={<BackLink to={back}>{backLabel}</BackLink>}>
      {id ? (
        <ItemLoader id={id} notFound={notFound} loadingLabel={text('loading')} {...item} />
      ) : (
        notFound
      )}
    </AdminFrame>
  );
}
