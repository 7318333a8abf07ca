import { ROUTES } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';
import { useAdminCatalogueItem } from '../api/catalogue';
import { AdminFrame } from '../../../staff';
import { CatalogueItemForm } from './catalogue-item-form';

const back = (
  <ButtonLink to={ROUTES.adminIds} variant="light">
    <ArrowLeft className="size-4" aria-hidden="true" />
    IDs
  </ButtonLink>
);

const notFound = <NotFoundCard what="catalogue item" back={ROUTES.adminIds} backLabel="IDs" />;

/** `/admin/ids/create`. */
export function AdminIdCreatePage() {
  return (
    <AdminFrame
      title="Add ID"
      description="A new service for the catalogue customers request IDs from."
      actions={back}
    >
      <CatalogueItemForm item={null} />
    </AdminFrame>
  );
}

/** `/admin/ids/{id}/edit`. */
export function AdminIdEditPage() {
  const id = useIdParam();
  const query = useAdminCatalogueItem(id);
  return (
    <AdminFrame
      title={query.data ? `Edit ${query.data.name}` : 'Edit ID'}
      description="Changes show to customers at once."
      actions={back}
    >
      {id === null ? (
        notFound
      ) : (
        <DetailQuery query={query} loadingLabel="Loading the catalogue item" notFound={notFound}>
          {(item) => <CatalogueItemForm key={item.id} item={item} />}
        </DetailQuery>
      )}
    </AdminFrame>
  );
}
