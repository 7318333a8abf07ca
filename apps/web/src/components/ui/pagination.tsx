import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { pageRange, pageSlots } from '../../lib/pagination';

type PaginationProps = {
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
  /** The link for a page, usually the current URL with `?page=n`. */
  hrefFor: (page: number) => string;
  /** Names the navigation landmark: "Bills pages". */
  label: string;
};

const cell =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold';

/** Page links under a list, with "16–30 of 42". Renders only the count for a single page. */
export function Pagination({ page, lastPage, perPage, total, hrefFor, label }: PaginationProps) {
  const t = common.useT();
  const range = <p className="text-sm text-slate-600">{pageRange(page, perPage, total)}</p>;
  if (lastPage <= 1) return <div className="mt-4 flex justify-end">{range}</div>;
  const prev = page > 1 ? page - 1 : null;
  const next = page < lastPage ? page + 1 : null;
  return (
    <div className="mt-4 flex flex-col-reverse items-center gap-3 sm:flex-row sm:justify-between">
      {range}
      <nav aria-label={label}>
        <ul className="flex flex-wrap items-center justify-center gap-1">
          {prev ? (
            <li>
              <Link to={hrefFor(prev)} className={cn(cell, 'text-slate-700 hover:bg-slate-100')}>
                <ChevronLeft className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only sm:pr-1">{t('pagination.previous')}</span>
              </Link>
            </li>
          ) : null}
          {pageSlots(page, lastPage).map((slot, i) =>
            slot === 'gap' ? (
              <li key={`gap-${i}`} aria-hidden="true" className={cn(cell, 'text-slate-500')}>
                …
              </li>
            ) : (
              <li key={slot}>
                <Link
                  to={hrefFor(slot)}
                  aria-label={t('pagination.page', { page: slot })}
                  aria-current={slot === page ? 'page' : undefined}
                  className={cn(
                    cell,
                    slot === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {slot}
                </Link>
              </li>
            ),
          )}
          {next ? (
            <li>
              <Link to={hrefFor(next)} className={cn(cell, 'text-slate-700 hover:bg-slate-100')}>
                <span className="sr-only sm:not-sr-only sm:pl-1">{t('pagination.next')}</span>
                <ChevronRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}
