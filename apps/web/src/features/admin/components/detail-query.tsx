import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { isNotFound } from '../../../lib/api-error';

type DetailQueryProps<T> = {
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data: T | undefined;
    isFetching: boolean;
    refetch: () => unknown;
  };
  loadingLabel: string;
  /** Shown for a 404. */
  notFound: ReactNode;
  children: (data: T) => ReactNode;
};

/** One item's page: loading, not found, failed (with a retry), or the item. */
export function DetailQuery<T>({ query, loadingLabel, notFound, children }: DetailQueryProps<T>) {
  if (query.isPending) {
    return (
      <Card>
        <ListLoading label={loadingLabel} rows={3} />
      </Card>
    );
  }
  if (query.isError || query.data === undefined) {
    if (isNotFound(query.error)) return <>{notFound}</>;
    return (
      <Card>
        <ListError
          message={query.error?.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}
