import { NAMED_ROUTES } from '@iddesk/contract';
import { Phone } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Wordmark } from '../../components/ui/wordmark';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { useSiteLinks, useSiteSettings } from '../../features/site/site-settings';
import { MarqueeBanner } from '../../features/marquee/components/marquee-banner';
import { BalanceChip } from './balance-chip';
import { AccountLinks, GuestLinks, OpenMenuButton } from './header-parts';
import { IdTabs } from './id-tabs';
import { MAIN_LINKS } from './nav-items';
import { common } from '../../lib/i18n-common';

type SiteHeaderProps = {
  /** The full header has the ID tab row and the marquee; the short one does not. */
  variant: 'full' | 'short';
  title: string | null;
  onOpenMenu: () => void;
};

/** Mobile header (menu, title, account links, tabs, marquee) and desktop header (docs/product.md#shell-and-navigation). */
export function SiteHeader({ variant, title, onOpenMenu }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const { guest } = useSession();
  const { contact_phone: phone, site_name: siteName } = useSiteSettings();
  const links = useSiteLinks();
  const t = common.useT();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* Mobile */}
      <div className="flex h-14 items-center gap-1 px-2 md:hidden">
        <OpenMenuButton onClick={onOpenMenu} />
        <p
          className={cn(
            'min-w-0 flex-1 px-1 font-semibold text-slate-900',
            // Beside the balance a phone has room for about ten letters: a longer title (Hindi's
            // "ID का अनुरोध करें") takes two smaller lines rather than losing its end.
            (title ?? siteName).length > 10
              ? 'line-clamp-2 text-sm leading-[1.3] break-words'
              : 'truncate text-base',
          )}
        >
          {title ?? siteName}
        </p>
        {guest ? null : <BalanceChip />}
        {guest ? <GuestLinks compact /> : <AccountLinks />}
      </div>

      {/* Desktop */}
      <div className="mx-auto hidden h-16 max-w-6xl items-center gap-3 px-6 md:flex">
        <OpenMenuButton onClick={onOpenMenu} className="-ml-2" />
        <Link to={NAMED_ROUTES.home} className="rounded-lg">
          <Wordmark />
        </Link>
        <nav aria-label={t('nav.main')} className="ml-4">
          <ul className="flex items-center gap-1">
            {MAIN_LINKS.map((item) => {
              const active = item.isActive(pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold transition-colors',
                      active
                        ? 'text-brand-700'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    {t(item.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {phone && links.phone ? (
          <a
            href={links.phone}
            className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            <Phone className="size-4 text-brand-700" aria-hidden="true" />
            <span className="sr-only">{t('header.callUs')}</span>
            {phone}
          </a>
        ) : (
          <span className="ml-auto" />
        )}
        {guest ? null : <BalanceChip />}
        {guest ? <GuestLinks /> : <AccountLinks wide />}
      </div>

      {variant === 'full' ? (
        <>
          <IdTabs />
          <MarqueeBanner />
        </>
      ) : null}
    </header>
  );
}
