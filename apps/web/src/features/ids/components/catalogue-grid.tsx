import { LayoutGrid } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError } from '../../../components/ui/list-states';
import { useCatalogue } from '../api/catalogue';
import { CatalogueCard } from './catalogue-card';
import { idsCatalogueText } from '../i18n-catalogue';

function Skeleton() {
  const t = idsCatalogueText.useT();
  return (
    <div
      role="status"
      aria-label={t('wait')}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <div
          key={i}
          className="h-56 animate-pulse rounded-2xl bg-slate-200/70"
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

/** The active catalogue as cards: logo, name, website, minimum and "Create ID". */
export function CatalogueGrid() {
  const query = useCatalogue();
  const t = idsCatalogueText.useT();
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    return (
      <Card>
        <ListError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  }
  if (query.data.length === 0) {
    return (
      <Card>
        <ListEmpty icon={LayoutGrid} title={t('empty')}>
          {t('none')}
        </ListEmpty>
      </Card>
    );
  }
  return (
    <ul aria-label={t('list')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((item) => (
        <li key={item.id}>
          <CatalogueCard item={item} />
        </li>
      ))}
    </ul>
  );
}
