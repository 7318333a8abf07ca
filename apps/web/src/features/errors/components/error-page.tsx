import { ROUTES } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { useSiteLinks } from '../../site';
import { common } from '../../../lib/i18n-common';

type ErrorPageProps = { code: string; title: string; children: ReactNode };

/** The designed error page: a large code, a plain explanation, and ways onward. */
export function ErrorPage({ code, title, children }: ErrorPageProps) {
  const t = common.useT();
  const { whatsapp } = useSiteLinks();
  const support =
    'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50';
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-10 text-center sm:py-16">
      <p
        className="bg-gradient-to-br from-brand-600 to-teal-600 bg-clip-text text-7xl font-black tracking-tighter text-transparent sm:text-8xl"
        aria-hidden="true"
      >
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-slate-600">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={ROUTES.home}>{t('errors.home')}</ButtonLink>
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={support}>
            {t('errors.support')}
          </a>
        ) : (
          <Link to={ROUTES.contacts} className={support}>
            {t('errors.support')}
          </Link>
        )}
      </div>
    </div>
  );
}
