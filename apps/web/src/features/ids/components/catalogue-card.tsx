import { ROUTES, type CatalogueItem } from '@iddesk/contract';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { ExternalLink } from '../../../components/ui/external-link';
import { ItemLogo } from '../../../components/ui/item-logo';
import { formatMoney } from '../../../lib/money';

/** One service in the catalogue grid, with the way to request an ID on it. */
export function CatalogueCard({ item }: { item: CatalogueItem }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card transition-shadow hover:shadow-sheet"
    >
      <div className="flex items-start gap-4">
        <ItemLogo name={item.name} url={item.logo_url} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-lg font-semibold text-slate-900">
            {item.name}
          </h3>
          <ExternalLink href={item.website} className="min-h-8 text-sm" />
        </div>
      </div>
      {item.description ? (
        <p className="mt-3 line-clamp-2 text-sm text-slate-600">{item.description}</p>
      ) : null}
      <div className="mt-auto pt-4">
        <div className="flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
              Minimum deposit
            </p>
            <p className="text-lg font-bold tabular-nums text-slate-900">
              {formatMoney(item.min_deposit)}
            </p>
          </div>
          {item.has_demo ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 px-2.5 py-1 text-xs font-semibold text-teal-800 ring-1 ring-inset ring-teal-200">
              <FlaskConical className="size-3.5" aria-hidden="true" />
              Demo
            </span>
          ) : null}
        </div>
        <ButtonLink to={ROUTES.createId(item.id)} className="mt-4 w-full">
          Create ID<span className="sr-only"> on {item.name}</span>
        </ButtonLink>
      </div>
    </article>
  );
}
