import { ROUTES } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { common } from '../../../../lib/i18n-common';
import { useIdParam } from '../../../../lib/use-id-param';
import { useAdminCatalogueItem } from '../api/catalogue';
import { AdminFrame } from '../../../staff';
import { idsStaff } from '../i18n';
import { CatalogueItemForm } from './catalogue-item-form';

function Back() {
  const t = idsStaff.useT();
  return (
    <ButtonLink to={ROUTES.adminIds} variant="light">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('item.back')}
    </ButtonLink>
  );
}

function ItemNotFound() {
  const t = idsStaff.useT();
  return <NotFoundCard what={t('item.what')} back={ROUTES.adminIds} backLabel={t('item.back')} />;
}

/** `/admin/ids/create`. */
export function AdminIdCreatePage() {
  const t = idsStaff.useT();
  const titles = common.useT();
  return (
    <AdminFrame
      title={titles('titles.admin.addId')}
      description={t('item.createDescription')}
      actions={<Back />}
    >
      <CatalogueItemForm item={null} />
    </AdminFrame>
  );
}

/** `/admin/ids/{id}/edit`. */
export function AdminIdEditPage() {
  const t = idsStaff.useT();
  const titles = common.useT();
  const id = useIdParam();
  const query = useAdminCatalogueItem(id);
  return (
    <AdminFrame
      title={query.data ? t('item.editTitle', { name: query.data.name }) : titles('titles.admin.editId')}
      description={t('item.editDescription')}
      actions={<Back />}
    >
      {id === null ? (
        <ItemNotFound />
      ) : (
        <DetailQuery query={query} loadingLabel={t('item.loading')} notFound={<ItemNotFound />}>
          {(item) => <CatalogueItemForm key={item.id} item={item} />}
        </DetailQuery>
      )}
    </AdminFrame>
  );
}
