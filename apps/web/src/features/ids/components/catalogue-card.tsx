import { ROUTES, type CatalogueItem } from '@iddesk/contract';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { ExternalLink } from '../../../components/ui/external-link';
import { ItemLogo } from '../../../components/ui/item-logo';
import { formatMoney } from '../../../lib/money';
import { idsCatalogueText } from '../i18n-catalogue';
import { common } from '../../../lib/i18n-common';

/** One service in the catalogue grid, with the way to request an ID on it. */
export function CatalogueCard({ item }: { item: CatalogueItem }) {
  const titleId = useId();
  const t = idsCatalogueText.useT();
  const titles = common.useT();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-4 shadow-card transition-shadow hover:shadow-sheet sm:p-5"
    >
      <div className="flex items-start gap-4">
        <ItemLogo name={item.name} url={item.logo_url} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 id={titleId} className="truncate text-lg font-semibold text-slate-900">
              {item.name}
            </h3>
            {item.has_demo ? (
              <span className="mt-0.5 inline-flex shrink-0 items-center gap-1 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800 ring-1 ring-inset ring-teal-200">
                <FlaskConical className="size-3.5" aria-hidden="true" />
                {t('badge')}
              </span>
            ) : null}
          </div>
          <ExternalLink href={item.website} className="min-h-8 text-sm" />
        </div>
      </div>
      <p className="mt-2 line-clamp-2 flex-1 text-sm text-slate-600">{item.description}</p>
      <div className="mt-4 flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
            {t('min')}
          </p>
          <p className="text-lg font-bold tabular-nums text-slate-900">
            {formatMoney(item.min_deposit)}
          </p>
        </div>
        <ButtonLink to={ROUTES.createId(item.id)} className="shrink-0">
          {titles('titles.createId')}
          <span className="sr-only">{t('on', { name: item.name })}</span>
        </ButtonLink>
      </div>
    </article>
  );
}
