import { ROUTES, type UserId } from '@iddesk/contract';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ItemLogo } from '../../../components/ui/item-logo';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/money';
import { CancelUserIdButton } from './cancel-buttons';
import { paymentText } from './payment-summary';
import { idsText } from '../i18n';

/** One of the customer's IDs in the My IDs grid; the whole card leads to its details. */
export function UserIdCard({ userId }: { userId: UserId }) {
  const titleId = useId();
  const t = idsText.useT();
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col gap-4 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-sheet"
    >
      <div className="flex items-start gap-4">
        <ItemLogo name={userId.item.name} url={userId.item.logo_url} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900">
            {userId.item.name}
          </h2>
          <p className="truncate text-slate-700">
            <span className="sr-only">{t('identity.username')}</span>@{userId.username}
          </p>
        </div>
        <StatusBadge status={userId.status} />
      </div>
      <p className="text-sm text-slate-600">
        {t('card.requested', {
          note: t(`card.note.${userId.status}`),
          date: formatDate(userId.created_at),
        })}
      </p>
      {userId.status === 'pending' ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{t('card.paid')}</span> {paymentText(userId)}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
        <Link
          to={ROUTES.myId(userId.id)}
          className="inline-flex min-h-11 items-center gap-1 self-start font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {t('card.view')}
          <span className="sr-only">
            {t('card.viewOf', { name: userId.item.name, username: userId.username })}
          </span>
          <ChevronRight
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </Link>
        {/* Above the card-wide link, so it takes its own clicks. */}
        <CancelUserIdButton userId={userId} className="relative z-10" />
      </div>
    </article>
  );
}
