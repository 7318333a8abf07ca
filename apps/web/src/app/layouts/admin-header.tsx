import { ROUTES } from '@iddesk/contract';
import { LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CountBadge } from '../../components/ui/count-badge';
import { MenuButton } from '../../components/ui/menu-button';
import { Wordmark } from '../../components/ui/wordmark';
import { cn } from '../../lib/cn';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { type QueueKey, useQueueCounts } from '../../features/queue-alerts/queue-alerts';
import { signOut } from '../sign-out';
import { usePassport } from '../../features/account/api/get-passport';
import { adminMenusFor, type AdminNavItem } from './admin-nav-items';
import { SoundDialog } from './sound-dialog';
import { common } from '../../lib/i18n-common';
import { staffText } from '../../features/staff/i18n';

/** Which queue's count each queue link shows. */
const QUEUE_OF: Record<string, QueueKey> = {
  [ROUTES.adminRequestsPending]: 'requests',
  [ROUTES.adminNewIds]: 'new_ids',
  [ROUTES.adminBillsPending]: 'bills',
  [ROUTES.adminWithdrawPending]: 'withdrawals',
};

const iconButton = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex size-11 items-center justify-center rounded-xl',
    isActive ? 'bg-white/15 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white',
  );

const linkClass = (active: boolean) =>
  cn(
    'inline-flex min-h-11 w-full items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors md:w-auto md:px-2',
    active ? 'bg-white/15 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white',
  );

/**
 * Admin header: To Website, Dashboard, Users, IDs, … and a Site menu on the first row; the four
 * queues on a row of their own, each named for what it holds and with its count, always in view
 * on a desktop and at the top of the phone's menu (the "Confirm" menu of docs/product.md#shell-and-navigation, unfolded; issue 56).
 */
export function AdminHeader() {
  const location = useLocation();
  const { pathname } = location;
  const t = staffText.useT();
  const logOut = common.useT()('menu.logout');
  const label = (item: AdminNavItem) => t(`menu.${item.name}`);
  // Only what the staff role may open; the router refuses the rest before it renders.
  const { data: passport } = usePassport();
  const menus = adminMenusFor(passport?.role);
  // Mobile: a collapsible menu that closes on any route change.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const counts = useQueueCounts();
  const waiting = (to: string) => {
    const key = QUEUE_OF[to];
    return counts && key ? counts[key] : 0;
  };
  const totalWaiting = menus.queues.reduce((sum, item) => sum + waiting(item.to), 0);
  const siteActive = menus.site.some((item) => item.isActive(pathname));

  const navLink = (item: AdminNavItem, badge = 0) => {
    const active = item.isActive(pathname);
    return (
      <li key={item.to}>
        <Link to={item.to} aria-current={active ? 'page' : undefined} className={linkClass(active)}>
          {label(item)}
          <CountBadge count={badge} label={t('header.waiting')} />
        </Link>
      </li>
    );
  };

  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-ink-900/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 sm:px-6 md:flex-nowrap">
        <Link to={ROUTES.adminDashboard} className="flex min-h-11 items-center gap-2 rounded-lg">
          <Wordmark tone="light" size="sm" />
          <span className="rounded-md bg-teal-400/15 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-teal-200">
            {t('header.admin')}
          </span>
        </Link>
        <div className="ml-auto flex items-center sm:gap-1 md:order-last">
          <NotificationsBell className={iconButton} tone="dark" />
          <SoundDialog />
          <button
            type="button"
            onClick={() => void signOut()}
            aria-label={logOut}
            className="flex size-11 items-center justify-center rounded-xl text-slate-200 hover:bg-white/10 hover:text-white"
          >
            <LogOut className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="relative flex size-11 items-center justify-center rounded-xl text-slate-100 hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls="admin-nav admin-queues"
            onClick={() => setOpenOn(open ? null : location.key)}
          >
            {open ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
            <span className="sr-only">{t('header.menu')}</span>
            {/* The queues' total, visible while the mobile menu is closed. */}
            {!open && totalWaiting > 0 ? (
              <CountBadge
                count={totalWaiting}
                label={t('header.waiting')}
                className="absolute -right-0.5 top-0.5 h-[1.125rem] min-w-[1.125rem] px-1 text-[0.6875rem] ring-2 ring-ink-900"
              />
            ) : null}
          </button>
        </div>
        {/* On a phone the queues come first in the open menu: they are the work. */}
        {menus.queues.length > 0 ? (
          <nav
            id="admin-queues"
            aria-label={t('header.queues')}
            className={cn('w-full md:hidden', open ? 'block' : 'hidden')}
          >
            <ul className="flex flex-col gap-1 border-b border-white/10 pb-2">
              {menus.queues.map((item) => navLink(item, waiting(item.to)))}
            </ul>
          </nav>
        ) : null}
        <nav
          id="admin-nav"
          aria-label={t('header.nav')}
          className={cn('w-full md:block md:w-auto md:min-w-0 md:flex-1', open ? 'block' : 'hidden')}
        >
          <ul className="flex flex-col gap-1 pb-2 md:flex-row md:flex-wrap md:items-center md:gap-0.5 md:pb-0">
            {menus.main.map((item) => navLink(item))}
            {menus.site.length > 0 ? (
              <li>
                <MenuButton
                  label={t('header.site')}
                  active={siteActive}
                  buttonClassName={linkClass(siteActive)}
                  items={menus.site.map((item) => ({
                    label: label(item),
                    to: item.to,
                    active: item.isActive(pathname),
                  }))}
                />
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
      {/* Desktop: the queues on their own row, always in view. */}
      {menus.queues.length > 0 ? (
        <nav aria-label={t('header.queues')} className="hidden border-t border-white/10 md:block">
          <ul className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-1 sm:px-6">
            {menus.queues.map((item) => navLink(item, waiting(item.to)))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
