import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { DetailQuery, NotFoundCard } from '../../../components/ui/detail-query';
import type { StatesQuery } from '../../../components/ui/list-states';
import { useIdParam } from '../../../lib/use-id-param';
import { AdminFrame } from './admin-frame';

type QueueItemPageProps<T> = {
  /** The heading for the route's id (null when the id is not a number). */
  title: (id: number | null) => string;
  /** The queue's pending list, and the back link's words. */
  back: string;
  backLabel: string;
  /** "bill": names the item the page cannot find. */
  what: string;
  loadingLabel: string;
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
}: { id: number; notFound: ReactNode } & Pick<
  QueueItemPageProps<T>,
  'useItem' | 'loadingLabel' | 'children'
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
export function QueueItemPage<T>({ title, back, backLabel, what, ...item }: QueueItemPageProps<T>) {
  const id = useIdParam();
  const notFound = <NotFoundCard what={what} back={back} backLabel={backLabel} />;
  return (
    <AdminFrame
      title={title(id)}
      actions={
        <ButtonLink to={back} variant="light">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {backLabel}
        </ButtonLink>
      }
    >
      {id ? <ItemLoader id={id} notFound={notFound} {...item} /> : notFound}
    </AdminFrame>
  );
}
