import { useSearchParams } from 'react-router';
import { common } from './i18n-common';
/** A page number to link to, or a gap ("…") between distant pages. */
export type PageSlot = number | 'gap';

/**
 * The page links to show: always the first and last page, the current page with `siblings`
 * neighbours each side, and a gap where pages are left out. A gap never stands for one page.
 */
export function pageSlots(current: number, last: number, siblings = 1): PageSlot[] {
  if (last <= 1) return [1];
  const page = Math.min(Math.max(1, current), last);
  const from = Math.max(1, page - siblings);
  const to = Math.min(last, page + siblings);
  const slots: PageSlot[] = [];
  const push = (n: number) => slots.push(n);

  push(1);
  if (from > 3) slots.push('gap');
  else for (let n = 2; n < from; n++) push(n);
  for (let n = Math.max(2, from); n <= Math.min(last - 1, to); n++) push(n);
  if (to < last - 2) slots.push('gap');
  else for (let n = Math.max(to + 1, 2); n < last; n++) push(n);
  push(last);
  return slots;
}

/** `?page=` as a positive whole number; anything else is page 1. */
export function readPage(value: string | null | undefined): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 ? n : 1;
}

/** "16–30 of 42": the range of items on a page, for the list footer. */
export function pageRange(page: number, perPage: number, total: number): string {
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return total === 0 || first > total
    ? common.t('pagination.none', { total })
    : common.t('pagination.range', { first, last, total });
}

/** The page number of the current URL's `?page=` (1 when missing or not a page). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return readPage(params.get('page'));
}
