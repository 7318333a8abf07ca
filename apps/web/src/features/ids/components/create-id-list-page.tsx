import { ROUTES } from '@iddesk/contract';
import { BadgeCheck, LayoutGrid, Wallet } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/session';
import { CatalogueGrid } from './catalogue-grid';
import { HeroArt } from './hero-art';
import { idsCatalogueText } from '../i18n-catalogue';
import { common } from '../../../lib/i18n-common';

const STEPS = [
  { icon: LayoutGrid, title: 's1', text: 't1' },
  { icon: Wallet, title: 's2', text: 't2' },
  { icon: BadgeCheck, title: 's3', text: 't3' },
] as const;

/** Home: the create-ID catalogue. */
export function CreateIdListPage() {
  const { guest } = useSession();
  const t = idsCatalogueText.useT();
  const titles = common.useT();
  return (
    <>
      <section className="relative flex items-center justify-between gap-8 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-900 to-ink-950 px-5 py-6 text-white shadow-card sm:px-10 sm:py-12">
        <div
          className="absolute -right-16 -top-16 size-64 rounded-full bg-teal-400/20 blur-3xl"
          aria-hidden="true"
        />
        <div className="relative min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wider text-teal-200">
            {titles('titles.createId')}
          </p>
          <h1 className="mt-2 max-w-xl text-2xl font-bold tracking-tight sm:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-3 max-w-xl text-base text-brand-100">{t('intro')}</p>
          <div className="mt-5 flex flex-wrap gap-3 sm:mt-6">
            {guest ? (
              <>
                <ButtonLink to={ROUTES.register} variant="inverse" size="lg">
                  {t('join')}
                </ButtonLink>
                <ButtonLink to={ROUTES.demoIds} variant="light" size="lg">
                  {t('demo')}
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to={ROUTES.addFunds} variant="inverse" size="lg">
                  {titles('titles.addFunds')}
                </ButtonLink>
                <ButtonLink to={ROUTES.myIds} variant="light" size="lg">
                  {titles('titles.myIds')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
        <HeroArt />
      </section>

      <section aria-labelledby="catalogue" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="catalogue" className="text-xl font-bold tracking-tight text-slate-900">
            {t('choose')}
          </h2>
          <p className="text-sm text-slate-600">{t('pick')}</p>
        </div>
        <div className="mt-4">
          <CatalogueGrid />
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mt-10">
        <h2 id="how-it-works" className="text-lg font-semibold text-slate-900">
          {t('how')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <Card className="h-full">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-slate-600">
                    {t('step', { n: index + 1 })}
                  </span>
                </div>
                <h3 className="mt-3 font-semibold text-slate-900">{t(title)}</h3>
                <p className="mt-1 text-slate-600">{t(text)}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
