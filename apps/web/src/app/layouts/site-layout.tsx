import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Deferred } from '../../components/ui/deferred';
import { SurfaceContext } from '../../components/ui/surface';
import { cn } from '../../lib/cn';
import { BottomBar } from './bottom-bar';
import { FloatingSocial } from './floating-social';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** Loaded on the first open: the dialog library stays out of a page's first load. */
const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));

type SiteLayoutProps = {
  variant: 'full' | 'short';
  dark: boolean;
  title: string | null;
  /** A money form or a code: no phone bar or floating buttons over it (issue 56). */
  focused?: boolean;
  children: ReactNode;
};

/** The customer site: 'default' layout (full header) and 'public' layout (short header). */
export function SiteLayout({ variant, dark, title, focused = false, children }: SiteLayoutProps) {
  const location = useLocation();
  // The menu belongs to the page it was opened on: any route change closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  // Stays mounted after the first open, so closing animates like any dialog.
  const [menuWanted, setMenuWanted] = useState(false);

  // A light page follows the system's dark mode (dark-scheme.css); a dark route stays dark.
  useEffect(() => {
    if (dark) return;
    document.documentElement.dataset.scheme = 'auto';
    return () => {
      delete document.documentElement.dataset.scheme;
    };
  }, [dark]);

  return (
    <div
      className={cn('flex min-h-dvh flex-col', dark ? 'bg-ink-950 text-slate-100' : 'bg-slate-50')}
    >
      <SkipLink />
      <SiteHeader
        variant={variant}
        title={title}
        onOpenMenu={() => {
          setMenuWanted(true);
          setMenuOpenOn(location.key);
        }}
      />
      <SurfaceContext.Provider value={dark ? 'dark' : 'light'}>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 md:py-10"
        >
          {children}
        </main>
      </SurfaceContext.Provider>
      <Deferred>
        <SiteFooter dark={dark} roomForBar={!focused} />
        {focused ? null : (
          <>
            <BottomBar />
            <FloatingSocial />
          </>
        )}
      </Deferred>
      {menuWanted ? (
        <Suspense fallback={null}>
          <SideMenu
            open={menuOpenOn === location.key}
            onOpenChange={(open) => setMenuOpenOn(open ? location.key : null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
