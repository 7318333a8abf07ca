import type { CatalogueItem } from '@iddesk/contract';
import { Card } from '../../../components/ui/card';
import { ExternalLink } from '../../../components/ui/external-link';
import { ItemLogo } from '../../../components/ui/item-logo';
import { formatMoney } from '../../../lib/money';
import { idsText } from '../i18n';

/** The catalogue item a form is about: logo, name, website, description and minimum. */
export function ItemSummary({ item }: { item: CatalogueItem }) {
  const t = idsText.useT();
  return (
    <Card className="self-start">
      <div className="flex items-center gap-4">
        <ItemLogo name={item.name} url={item.logo_url} className="size-16" />
        <div className="min-w-0">
          <h2 className="truncate text-xl font-bold text-slate-900">{item.name}</h2>
          <ExternalLink href={item.website} className="min-h-9 text-sm" />
        </div>
      </div>
      {item.description ? (
        <p className="mt-4 whitespace-pre-line text-slate-700">{item.description}</p>
      ) : null}
      <div className="mt-5 flex items-baseline justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 ring-1 ring-inset ring-brand-100">
        <span className="text-sm font-medium text-brand-900">{t('item.minimum')}</span>
        <span className="text-lg font-bold tabular-nums text-brand-900">
          {formatMoney(item.min_deposit)}
        </span>
      </div>
      <ol className="mt-5 hidden list-decimal flex-col gap-1.5 pl-5 text-sm text-slate-600 lg:flex">
        <li>{t('item.step1')}</li>
        <li>{t('item.step2')}</li>
        <li>{t('item.step3')}</li>
      </ol>
    </Card>
  );
}
