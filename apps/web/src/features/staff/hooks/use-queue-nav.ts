import type { SortOrder } from '@iddesk/contract';
import { useLocation, useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { apiQueryOf, readSort } from './use-desk-list';
import { staffText } from '../i18n';

/** Where a queue lives: its API list, the page of one item, and the list page. */
export type QueueRoutes = {
  /** `GET` list path of the API (`/admin/bills`). */
  api: string;
  item: (id: number) => string;
  /** The pending list's page (`/admin/bills_pending`). */
  list: string;
};

/** The list's filters and order from a search string, without the page. */
export function listSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('tab');
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/**
 * The first pending item after (`next`) or before `id` in the queue's order, within the
 * filters the item page carries from its list (issue 16 item 3); null when there is none.
 */
export async function neighbourOf(
  api: string,
  search: string,
  id: number | null,
  direction: 'next' | 'previous',
): Promise<number | null> {
  const params = new URLSearchParams(search);
  const order: SortOrder = readSort(params) ?? 'oldest';
  const forward = direction === 'next';
  // Oldest first, "next" is a higher id; newest first, a lower one.
  const up = forward === (order === 'oldest');
  const query: Record<string, string | number> = {
    ...apiQueryOf(params),
    pending: 1,
    page: 1,
    perPage: 1,
    sort: up ? 'oldest' : 'newest',
  };
  if (id !== null) query[up ? 'after_id' : 'before_id'] = id;
  const { data } = await apiRequest<{ items: { id: number }[] }>(api, { method: 'GET', query });
  return data.items[0]?.id ?? null;
}

/** Moves between a queue's items: J/K, and the next one after an item is handled. */
export function useQueueNav(routes: QueueRoutes, id: number) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const keep = listSearch(search);
  const open = (target: number) => navigate(`${routes.item(target)}${keep}`);
  return {
    /** The pending list with the same filters. */
    listHref: `${routes.list}${keep}`,
    /** J / K: the next or previous pending item; says so when there is none. */
    async step(direction: 'next' | 'previous') {
      try {
        const target = await neighbourOf(routes.api, search, id, direction);
        if (target === null)
          toast(staffText.t(direction === 'next' ? 'keys.noNext' : 'keys.noPrevious'));
        else await open(target);
      } catch (error) {
        toast.error((error as Error).message);
      }
    },
    /**
     * After approve or reject: the next pending item in the queue's order, else the first one
     * left, else back to the (empty) queue.
     */
    afterHandled: async () => {
      try {
        const target =
          (await neighbourOf(routes.api, search, id, 'next')) ??
          (await neighbourOf(routes.api, search, null, 'next'));
        if (target !== null) return await open(target);
      } catch {
        // The list below says what is left.
      }
      await navigate(`${routes.list}${keep}`);
    },
  };
}
export type QueueNav = ReturnType<typeof useQueueNav>;
