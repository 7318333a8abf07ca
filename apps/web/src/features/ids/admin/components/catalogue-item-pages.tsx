import { ROUTES } from '@iddesk/contract';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { BackLink } from '../../../../components/ui/back-link';
import { common } from '../../../../lib/i18n-common';
import { useIdParam } from '../../../../lib/use-id-param';
import { useAdminCatalogueItem } from '../api/catalogue';
import { AdminFrame } from '../../../staff';
import { idsStaff } from '../i18n';
import { CatalogueItemForm } from './catalogue-item-form';

function Back() {
  const t = idsStaff.useT();
  return <BackLink to={ROUTES.adminIds}>{t('item.back')}</BackLink>;
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
      title={
        query.data ? t('item.editTitle', { name: query.data.name }) : titles('titles.admin.editId')
      }
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
