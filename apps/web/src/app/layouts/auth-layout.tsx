import { NAMED_ROUTES, ROUTES } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../components/ui/wordmark';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { SkipLink } from './skip-link';

/** Login and register: a focused card on the brand's dark background. */
export function AuthLayout({ dark, children }: { dark: boolean; children: ReactNode }) {
  const t = common.useT();
  return (
    <div
      className={cn(
        'relative flex min-h-dvh flex-col overflow-hidden',
        dark ? 'bg-ink-950 text-slate-100' : 'bg-slate-100 text-slate-900',
      )}
    >
      {dark ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <div className="absolute -left-32 -top-32 size-96 rounded-full bg-brand-600/30 blur-3xl" />
          <div className="absolute -bottom-40 -right-24 size-[28rem] rounded-full bg-teal-500/20 blur-3xl" />
        </div>
      ) : null}
      <SkipLink />
      <header className="relative mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to={NAMED_ROUTES.home} className="rounded-lg">
          <Wordmark tone={dark ? 'light' : 'dark'} />
        </Link>
        <Link
          to={NAMED_ROUTES.home}
          className={cn(
            'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold',
            dark ? 'text-slate-200 hover:bg-white/10' : 'text-slate-700 hover:bg-white',
          )}
        >
          {t('layout.backToSite')}
        </Link>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="relative flex flex-1 items-start justify-center px-4 pb-12 pt-4 focus:outline-none sm:items-center sm:pt-0"
      >
        {children}
      </main>
      <footer
        className={cn(
          'relative pb-6 text-center text-sm',
          dark ? 'text-slate-300' : 'text-slate-600',
        )}
      >
        <Link
          to={ROUTES.policy}
          className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
        >
          {t('layout.terms')}
        </Link>
      </footer>
    </div>
  );
}
