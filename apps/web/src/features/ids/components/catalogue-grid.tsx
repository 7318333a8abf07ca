import { LayoutGrid } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError } from '../../../components/ui/list-states';
import { useCatalogue } from '../api/catalogue';
import { CatalogueCard } from './catalogue-card';

function Skeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the catalogue"
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
        <ListEmpty icon={LayoutGrid} title="No IDs are listed right now">
          New services are added by our desk; check back shortly.
        </ListEmpty>
      </Card>
    );
  }
  return (
    <ul aria-label="Services" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((item) => (
        <li key={item.id}>
          <CatalogueCard item={item} />
        </li>
      ))}
    </ul>
  );
}
