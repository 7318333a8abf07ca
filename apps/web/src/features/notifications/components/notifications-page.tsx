import type { Notification } from '@iddesk/contract';
import { ROUTES } from '@iddesk/contract';
import { Bell, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ListCard } from '../../../components/ui/list-card';
import { ListEmpty } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { cn } from '../../../lib/cn';
import { usePageParam } from '../../../lib/pagination';
import { formatDateTime } from '../../../lib/money';
import { useNotifications } from '../api/get-notifications';
import { markFeedSeen } from '../notification-feed';
import { notices } from '../i18n';

const href = (page: number) => `${ROUTES.notifications}${page > 1 ? `?page=${page}` : ''}`;

/** What staff did to the customer's IDs, requests and money, newest first, 15 a page. */
export function NotificationsPage() {
  const t = notices.useT();
  const page = usePageParam();
  const query = useNotifications(page);
  const newest = query.data && !query.isPlaceholderData ? query.data.items[0]?.id : undefined;
  const unread = query.data?.unread ?? 0;

  // Opening the list reads what it shows: everything up to its newest item. The items keep
  // their "New" mark for this visit; the bell's count drops at once.
  const marked = useRef(0);
  useEffect(() => {
    if (newest === undefined || unread === 0 || newest <= marked.current) return;
    marked.current = newest;
    void markFeedSeen(newest);
  }, [newest, unread]);

  return (
    <>
      <PageHeading title={t('page.title')} description={t('page.description')} />
      <div className="max-w-3xl">
        <ListCard
          query={query}
          loadingLabel={t('page.loading')}
          pagesLabel={t('page.pages')}
          hrefFor={href}
          empty={
            <ListEmpty icon={Bell} title={t('page.empty')}>
              {t('page.emptyHint')}
            </ListEmpty>
          }
        >
          {(items) => (
            <ul className="-my-2 divide-y divide-slate-100">
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} />
              ))}
            </ul>
          )}
        </ListCard>
      </div>
    </>
  );
}

function NotificationItem({ item }: { item: Notification }) {
  const t = notices.useT();
  const isNew = !item.read;
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <span
        className={cn(
          'relative flex size-10 shrink-0 items-center justify-center rounded-xl',
          isNew ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-500',
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {isNew ? (
          <span className="absolute -right-0.5 -top-0.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white" />
        ) : null}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <h2 className="font-semibold text-slate-900">{item.title}</h2>
          {isNew ? (
            <span className="rounded-md bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700">
              {t('item.new')}
            </span>
          ) : null}
        </div>
        <p className="mt-0.5 break-words text-slate-700">{item.body}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <time dateTime={item.created_at} className="text-slate-600">
            {formatDateTime(item.created_at)}
          </time>
          {item.link ? (
            <Link
              to={item.link}
              className="inline-flex min-h-11 items-center gap-0.5 font-semibold text-brand-700 underline-offset-4 hover:underline sm:min-h-0"
            >
              {linkLabel(item.link)}
              <ChevronRight className="size-4" aria-hidden="true" />
              <span className="sr-only">: {item.title}</span>
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function linkLabel(link: string): string {
  if (link.startsWith(`${ROUTES.myIds}/`)) return notices.t('link.id');
  if (link === ROUTES.transactions) return notices.t('link.transactions');
  if (link === ROUTES.profile) return notices.t('link.profile');
  return notices.t('link.open');
}
