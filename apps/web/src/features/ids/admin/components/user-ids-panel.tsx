import { ROUTES, type IdRequest, type UserId } from '@iddesk/contract';
import { ClipboardCheck, IdCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../../components/ui/card';
import { ListEmpty, QueryStates } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useAdminIdRequests } from '../api/id-requests';
import { useAdminUserIds } from '../api/user-ids';
import { IdCell, linkClass } from './id-cells';
import { idsStaff, requestTypeLabel } from '../i18n';

type Query<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data: { items: T[]; total: number } | undefined;
  refetch: () => unknown;
};

/** A small card list with its loading, error and empty states and a "see all" link. */
function PanelList<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: Query<T>;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const t = idsStaff.useT();
  const { data } = query;
  return (
    <Card>
      <section aria-label={title} className="text-slate-900">
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          {data ? <span className="text-sm text-slate-600">{data.total}</span> : null}
        </div>
        <QueryStates
          query={query}
          loadingLabel={t('panel.loading', { title })}
          rows={2}
          isEmpty={(page) => page.items.length === 0}
          empty={empty}
        >
          {(page) => <ul className="-my-2 divide-y divide-slate-200">{children(page.items)}</ul>}
        </QueryStates>
      </section>
    </Card>
  );
}

/** The customer's IDs, each with its status and real login, linking to its new-ID page. */
function UserIdsCard({ userId }: { userId: number }) {
  const t = idsStaff.useT();
  const query = useAdminUserIds({ page: 1, query: { user_id: String(userId) } });
  return (
    <PanelList<UserId>
      title={t('panel.ids')}
      query={query}
      empty={
        <ListEmpty icon={IdCard} title={t('panel.noIds')}>
          {t('panel.noIdsHint')}
        </ListEmpty>
      }
    >
      {(items) =>
        items.map((u) => (
          <li key={u.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <IdCell item={u.item} username={u.username} />
              {u.login ? (
                <p className="mt-1 truncate text-sm text-slate-700">
                  {t('list.login')} <span className="font-mono">{u.login}</span>
                </p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge status={u.status} />
              <Link to={ROUTES.adminNewId(u.id)} className={`${linkClass} text-sm`}>
                {t('panel.idLink', { id: u.id })}
              </Link>
            </div>
          </li>
        ))
      }
    </PanelList>
  );
}

/** The customer's requests on their IDs, newest first. */
function UserRequestsCard({ userId }: { userId: number }) {
  const t = idsStaff.useT();
  const query = useAdminIdRequests({ page: 1, query: { user_id: String(userId), sort: 'newest' } });
  return (
    <PanelList<IdRequest>
      title={t('panel.requests')}
      query={query}
      empty={
        <ListEmpty icon={ClipboardCheck} title={t('panel.noRequests')}>
          {t('panel.noRequestsHint')}
        </ListEmpty>
      }
    >
      {(items) =>
        items.map((r) => {
          const amount = r.confirmed_amount ?? r.amount;
          return (
            <li key={r.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link to={ROUTES.adminRequest(r.id)} className={linkClass}>
                  {t('request.link', { type: requestTypeLabel(r.type), id: r.id })}
                </Link>
                <p className="truncate text-sm text-slate-600">
                  {r.id_object.item.name} @{r.id_object.username} · {formatDateTime(r.created_at)}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                {amount ? (
                  <span className="font-semibold tabular-nums">{formatMoney(amount)}</span>
                ) : null}
                <StatusBadge status={r.status} />
              </div>
            </li>
          );
        })
      }
    </PanelList>
  );
}

/** A user's staff page, beside the wallet: their IDs and their requests (issue 16 item 1). */
export function UserIdsPanel({ userId }: { userId: number }) {
  return (
    <>
      <UserIdsCard userId={userId} />
      <UserRequestsCard userId={userId} />
    </>
  );
}
