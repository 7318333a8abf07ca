import type { Paginated } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from './card';
import { QueryStates } from './list-states';
import { Pagination } from './pagination';

export type PageQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: Paginated<T> | undefined;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

type ListCardProps<T> = {
  query: PageQuery<T>;
  loadingLabel: string;
  /** Shown when the page has no items. */
  empty: ReactNode;
  /** Names the page links: "Bills pages". */
  pagesLabel: string;
  hrefFor: (page: number) => string;
  children: (items: T[]) => ReactNode;
};

/** A paginated list in a card, with its loading, error and empty states. */
export function ListCard<T>({
  query,
  loadingLabel,
  empty,
  pagesLabel,
  hrefFor,
  children,
}: ListCardProps<T>) {
  return (
    <Card>
      <QueryStates
        query={query}
        loadingLabel={loadingLabel}
        isEmpty={(data) => data.items.length === 0}
        empty={empty}
      >
        {(data) => (
          <div
            aria-busy={query.isPlaceholderData || undefined}
            className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}
          >
            {children(data.items)}
            <Pagination
              page={data.page}
              lastPage={data.last_page}
              perPage={data.per_page}
              total={data.total}
              hrefFor={hrefFor}
              label={pagesLabel}
            />
          </div>
        )}
      </QueryStates>
    </Card>
  );
}
