import { common } from '../../lib/i18n-common';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { isNotFound } from '../../lib/api-error';
import { ButtonLink } from './button';
import { Card } from './card';
import { ListEmpty, ListLoading, QueryStates, type StatesQuery } from './list-states';

type DetailQueryProps<T> = {
  query: StatesQuery<T>;
  loadingLabel: string;
  /** Shown for a 404. */
  notFound: ReactNode;
  children: (data: T) => ReactNode;
};

/** One item's page: loading, not found, failed (with a retry), or the item. */
export function DetailQuery<T>({ query, loadingLabel, notFound, children }: DetailQueryProps<T>) {
  if (query.data === undefined && isNotFound(query.error)) return <>{notFound}</>;
  return (
    <QueryStates
      query={query}
      loading={
        <Card>
          <ListLoading label={loadingLabel} rows={3} />
        </Card>
      }
      card
    >
      {children}
    </QueryStates>
  );
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
