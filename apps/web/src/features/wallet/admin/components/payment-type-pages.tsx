import { ROUTES } from '@iddesk/contract';
import { useAdminPaymentTypes } from '../api/payment-types';
import { AdminFrame } from '../../../staff';
import { PaymentTypeForm } from './payment-type-form';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { BackLink } from '../../../../components/ui/back-link';
import { common } from '../../../../lib/i18n-common';
import { useIdParam } from '../../../../lib/use-id-param';
import { walletStaff } from '../i18n';

function Back() {
  const t = walletStaff.useT();
  return <BackLink to={ROUTES.adminPaymentTypes}>{t('type.back')}</BackLink>;
}

function TypeNotFound() {
  const t = walletStaff.useT();
  return (
    <NotFoundCard
      what={t('type.what')}
      back={ROUTES.adminPaymentTypes}
      backLabel={t('type.back')}
    />
  );
}

export function AdminPaymentTypeCreatePage() {
  const t = walletStaff.useT();
  const titles = common.useT();
  return (
    <AdminFrame
      title={titles('titles.admin.addPaymentType')}
      description={t('type.createDescription')}
      actions={<Back />}
    >
      <PaymentTypeForm type={null} />
    </AdminFrame>
  );
}

export function AdminPaymentTypeEditPage() {
  const t = walletStaff.useT();
  const titles = common.useT();
  const id = useIdParam();
  const query = useAdminPaymentTypes();
  const type = query.data?.find((item) => item.id === id);
  return (
    <AdminFrame
      title={
        type ? t('type.editTitle', { name: type.name }) : titles('titles.admin.editPaymentType')
      }
      description={t('type.editDescription')}
      actions={<Back />}
    >
      {/* There is no single-item call: the list is small and already cached. */}
      <DetailQuery query={query} loadingLabel={t('type.loading')} notFound={<TypeNotFound />}>
        {(types) => {
          const found = types.find((item) => item.id === id);
          return found ? <PaymentTypeForm key={found.id} type={found} /> : <TypeNotFound />;
        }}
      </DetailQuery>
    </AdminFrame>
  );
}
