import { AlertTriangle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { common } from '../../lib/i18n-common';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Card } from './card';
import { IconBadge } from './icon-badge';

/** Placeholder rows while a list loads; announced once as "Loading …". */
export function ListLoading({ label, rows = 4 }: { label?: string; rows?: number }) {
  const t = common.useT();
  return (
    <div role="status" aria-label={label ?? t('list.loading')} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-xl bg-slate-200/70" aria-hidden="true" />
      ))}
    </div>
  );
}

/** Placeholder tiles while a grid of cards loads (`tile` sizes each one). */
export function GridLoading({
  label,
  count,
  tile,
}: {
  label: string;
  count: number;
  tile: string;
}) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className={cn('animate-pulse rounded-2xl bg-slate-200/70', tile)}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

type EmptyProps = { icon: LucideIcon; title: string; children?: ReactNode; action?: ReactNode };

export function ListEmpty({ icon: Icon, title, children, action }: EmptyProps) {
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <IconBadge icon={Icon} tone="muted" />
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      {children ? <p className="mt-1 max-w-sm text-sm text-slate-600">{children}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

type ErrorProps = { message?: string; onRetry: () => void; retrying?: boolean };

export function ListError({ message, onRetry, retrying }: ErrorProps) {
  const t = common.useT();
  return (
    <div role="alert" className="flex flex-col items-center px-4 py-10 text-center">
      <IconBadge icon={AlertTriangle} tone="danger" />
      <p className="mt-3 font-semibold text-slate-900">{t('list.failed')}</p>
      {message ? <p className="mt-1 max-w-sm text-sm text-slate-600">{message}</p> : null}
      <Button variant="secondary" className="mt-4" onClick={onRetry} loading={retrying}>
        {t('list.retry')}
      </Button>
    </div>
  );
}

/** What the list and detail states read of a TanStack query. */
export type StatesQuery<D> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data: D | undefined;
  refetch: () => unknown;
};

type QueryStatesProps<D> = {
  query: StatesQuery<D>;
  loadingLabel?: string;
  rows?: number;
  /** A placeholder of the page's own shape instead of list rows. */
  loading?: ReactNode;
  /** Without it the data is never empty (a form, one record). */
  isEmpty?: (data: D) => boolean;
  empty?: ReactNode;
  /** Sets the error and empty states in a card, for pages whose content is not in one. */
  card?: boolean;
  children: (data: D) => ReactNode;
};

/**
 * A query's loading, error (with Try again), empty and loaded states, in that order. Data once
 * loaded stays on screen when a later refresh fails, so nothing typed into it is lost.
 */
export function QueryStates<D>({
  query,
  loadingLabel,
  rows,
  loading,
  isEmpty,
  empty,
  card,
  children,
}: QueryStatesProps<D>) {
  const { data } = query;
  const framed = (node: ReactNode) => (card ? <Card>{node}</Card> : node);
  if (data === undefined) {
    if (!query.isError) return <>{loading ?? <ListLoading label={loadingLabel} rows={rows} />}</>;
    const error = (
      <ListError
        message={query.error?.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
    return <>{framed(error)}</>;
  }
  return <>{isEmpty?.(data) ? framed(empty) : children(data)}</>;
}
