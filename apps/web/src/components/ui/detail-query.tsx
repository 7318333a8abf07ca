import { common } from '../../lib/i18n-common';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { isNotFound } from '../../lib/api-error';
import { ButtonLink } from './button';
import { Card } from './card';
import { ListEmpty, ListError, ListLoading } from './list-states';

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

/** A detail page whose item does not exist (or whose id is not a number). */
export function NotFoundCard({
  what,
  back,
  backLabel,
}: {
  what: string;
  back: string;
  backLabel: string;
}) {
  const t = common.useT();
  return (
    <Card>
      <ListEmpty
        icon={SearchX}
        title={t('detail.missing', { what })}
        action={
          <ButtonLink to={back} variant="secondary">
            {backLabel}
          </ButtonLink>
        }
      >
        {t('detail.missingHint')}
      </ListEmpty>
    </Card>
  );
}
