import { Suspense, useEffect, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { SurfaceContext } from '../../components/ui/surface';
import { cn } from '../../lib/cn';
import { AdminHeader } from './admin-header';
import { SkipLink } from './skip-link';
import { staffText } from '../../features/staff/i18n';

function AdminPageFallback() {
  const t = staffText.useT();
  return (
    <div
      role="status"
      aria-label={t('layout.loading')}
      className="flex justify-center py-20 text-slate-300"
    >
      <Spinner className="size-8" />
    </div>
  );
}

export function AdminLayout({ dark, children }: { dark: boolean; children: ReactNode }) {
  // The system's dark mode turns the admin area's light surfaces dark too (dark-scheme.css;
  // issue 56): its page and header are dark already.
  useEffect(() => {
    document.documentElement.dataset.scheme = 'surfaces';
    return () => {
      delete document.documentElement.dataset.scheme;
    };
  }, []);

  return (
    <div
      className={cn('flex min-h-dvh flex-col', dark ? 'bg-ink-950 text-slate-100' : 'bg-slate-100')}
    >
      <SkipLink />
      <AdminHeader />
      <SurfaceContext.Provider value={dark ? 'dark' : 'light'}>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 md:py-10"
        >
          <Suspense fallback={<AdminPageFallback />}>{children}</Suspense>
        </main>
      </SurfaceContext.Provider>
    </div>
  );
}
