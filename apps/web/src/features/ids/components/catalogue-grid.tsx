import { LayoutGrid } from 'lucide-react';
import { GridLoading, ListEmpty, QueryStates } from '../../../components/ui/list-states';
import { useCatalogue } from '../api/catalogue';
import { CatalogueCard } from './catalogue-card';
import { idsCatalogueText } from '../i18n-catalogue';

/** The active catalogue as cards: logo, name, website, minimum and "Create ID". */
export function CatalogueGrid() {
  const query = useCatalogue();
  const t = idsCatalogueText.useT();
  return (
    <QueryStates
      query={query}
      loading={<GridLoading label={t('wait')} count={6} tile="h-56" />}
      card
      isEmpty={(items) => items.length === 0}
      empty={
        <ListEmpty icon={LayoutGrid} title={t('empty')}>
          {t('none')}
        </ListEmpty>
      }
    >
      {(items) => (
        <ul aria-label={t('list')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <CatalogueCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}
