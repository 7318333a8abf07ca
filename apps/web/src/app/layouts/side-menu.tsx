import { ROUTES } from '@iddesk/contract';
import * as Dialog from '@radix-ui/react-dialog';
import {
  Bell,
  FlaskConical,
  History,
  Home,
  IdCard,
  Images,
  KeyRound,
  LayoutGrid,
  LogIn,
  LogOut,
  Phone,
  PlusCircle,
  ShieldCheck,
  Star,
  UserPlus,
  UserRound,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Wordmark } from '../../components/ui/wordmark';
import { LanguageSwitch } from '../../features/account/components/language-switch';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { isPathActive } from '../../lib/nav-rules';
import { useSession } from '../../lib/session';
import { sideMenuOpen } from '../../lib/toast';
import { signOut } from '../sign-out';
import { BalanceCard } from './balance-card';
import { HelpLine } from './help-line';
import { ID_TABS, MAIN_LINKS, type NavItem } from './nav-items';

const ICONS: Record<string, LucideIcon> = {
  'nav.home': Home,
  'nav.media': Images,
  'nav.reviews': Star,
  'nav.contacts': Phone,
  'nav.createId': PlusCircle,
  'nav.demoId': FlaskConical,
  'nav.myIds': IdCard,
};

/** The site's pages and the ID tabs; My IDs only for someone signed in (issue 56). */
const sideLinks = (guest: boolean): NavItem[] => [
  ...MAIN_LINKS,
  ...ID_TABS.filter((tab) => !guest || tab.labelKey !== 'nav.myIds'),
];

function MenuLink({
  to,
  label,
  icon: Icon,
  active,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  active: boolean;
}) {
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex min-h-12 items-center gap-3 rounded-xl px-3 font-medium transition-colors',
        active ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100',
      )}
    >
      <Icon
        className={cn('size-5', active ? 'text-brand-700' : 'text-slate-500')}
        aria-hidden="true"
      />
      {label}
    </Link>
  );
}

type SideMenuProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The slide-in side menu (docs/product.md#shell-and-navigation). Closes on backdrop, close icon and any route change. */
export function SideMenu({ open, onOpenChange }: SideMenuProps) {
  const t = common.useT();
  const { pathname } = useLocation();
  const { guest, isAdmin } = useSession();
  const [signingOut, setSigningOut] = useState(false);

  // Toasts keep clear of the open menu (components/ui/toaster.tsx).
  useEffect(() => {
    sideMenuOpen.set(open);
    return () => sideMenuOpen.set(false);
  }, [open]);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[2px]" />
        <Dialog.Content className="sheet-panel fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col bg-white shadow-sheet focus:outline-none">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <Wordmark size="sm" />
            <Dialog.Close
              className="flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100"
              aria-label={t('menu.close')}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('menu.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('menu.description')}</Dialog.Description>

          <div className="flex-1 overflow-y-auto px-3 py-4">
            {!guest ? <BalanceCard /> : null}
            <nav aria-label={t('menu.site')}>
              <ul className="flex flex-col gap-1">
                {isAdmin ? (
                  <li>
                    <MenuLink
                      to={ROUTES.adminDashboard}
                      label={t('menu.admin')}
                      icon={ShieldCheck}
                      active={pathname.startsWith(ROUTES.admin)}
                    />
                  </li>
                ) : null}
                {sideLinks(guest).map((item) => (
                  <li key={item.to}>
                    <MenuLink
                      to={item.to}
                      label={t(item.labelKey)}
                      icon={ICONS[item.labelKey] ?? LayoutGrid}
                      active={item.isActive(pathname)}
                    />
                  </li>
                ))}
              </ul>
              <div className="my-4 border-t border-slate-100" />
              <ul className="flex flex-col gap-1">
                {guest ? (
                  <>
                    <li>
                      <MenuLink
                        to={ROUTES.login}
                        label={t('menu.login')}
                        icon={LogIn}
                        active={isPathActive(pathname, ROUTES.login)}
                      />
                    </li>
                    <li>
                      <MenuLink
                        to={ROUTES.register}
                        label={t('menu.register')}
                        icon={UserPlus}
                        active={isPathActive(pathname, ROUTES.register)}
                      />
                    </li>
                  </>
                ) : (
                  <>
                    <li>
                      <MenuLink
                        to={ROUTES.profile}
                        label={t('menu.profile')}
                        icon={UserRound}
                        active={isPathActive(pathname, ROUTES.profile)}
                      />
                    </li>
                    <li>
                      <MenuLink
                        to={ROUTES.transactions}
                        label={t('menu.transactions')}
                        icon={History}
                        active={isPathActive(pathname, ROUTES.transactions)}
                      />
                    </li>
                    <li>
                      <MenuLink
                        to={ROUTES.notifications}
                        label={t('titles.notifications')}
                        icon={Bell}
                        active={isPathActive(pathname, ROUTES.notifications)}
                      />
                    </li>
                    <li>
                      <MenuLink
                        to={ROUTES.changePassword}
                        label={t('menu.changePassword')}
                        icon={KeyRound}
                        active={isPathActive(pathname, ROUTES.changePassword)}
                      />
                    </li>
                  </>
                )}
              </ul>
            </nav>
            <LanguageSwitch className="mt-4 border-t border-slate-100 px-1 pt-4" />
          </div>
          {/* Log out stays at the foot, in view whatever the screen's height (issue 56). */}
          {!guest ? (
            <div className="border-t border-slate-100 px-3 pt-2">
              <button
                type="button"
                onClick={() => void onSignOut()}
                disabled={signingOut}
                className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
              >
                <LogOut className="size-5" aria-hidden="true" />
                {t('menu.logout')}
              </button>
            </div>
          ) : null}
          <HelpLine />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
