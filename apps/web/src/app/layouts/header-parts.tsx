import { ROUTES } from '@iddesk/contract';
import { Menu, ShieldCheck, UserRound } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { common } from '../../lib/i18n-common';

/** Opens the side menu; the same accessible name everywhere. */
export function OpenMenuButton({
  onClick,
  className,
}: {
  onClick: () => void;
  className?: string;
}) {
  const t = common.useT();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('menu.open')}
      aria-haspopup="dialog"
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-800 hover:bg-slate-100',
        className,
      )}
    >
      <Menu className="size-6" aria-hidden="true" />
    </button>
  );
}

const iconLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex size-11 items-center justify-center rounded-xl transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
  );

/**
 * Signed-in shortcuts: the admin area for staff (issue 17 item 4; labelled on wide screens),
 * notifications and profile.
 */
export function AccountLinks({ wide = false }: { wide?: boolean }) {
  const { isAdmin } = useSession();
  const t = common.useT();
  return (
    <div className="flex items-center gap-1">
      {isAdmin ? (
        <NavLink
          to={ROUTES.adminDashboard}
          aria-label={wide ? undefined : t('menu.admin')}
          className={({ isActive }) =>
            wide
              ? 'mr-1 inline-flex min-h-11 items-center gap-2 rounded-xl bg-ink-900 px-3 text-sm font-semibold text-white hover:bg-ink-800'
              : iconLink({ isActive })
          }
        >
          <ShieldCheck className="size-5" aria-hidden="true" />
          {wide ? t('menu.admin') : null}
        </NavLink>
      ) : null}
      <NotificationsBell className={iconLink} />
      <NavLink to={ROUTES.profile} aria-label={t('menu.profile')} className={iconLink}>
        <UserRound className="size-5" aria-hidden="true" />
      </NavLink>
    </div>
  );
}

export function GuestLinks({ compact = false }: { compact?: boolean }) {
  const t = common.useT();
  return (
    <div className="flex items-center gap-2">
      <Link
        to={ROUTES.login}
        className="inline-flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t('menu.login')}
      </Link>
      {compact ? null : (
        <Link
          to={ROUTES.register}
          className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {t('menu.register')}
        </Link>
      )}
    </div>
  );
}
