import { ROUTES } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { useAdminPaymentTypes } from '../api/payment-types';
import { AdminFrame } from '../../../staff';
import { PaymentTypeForm } from './payment-type-form';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';

const back = (
  <ButtonLink to={ROUTES.adminPaymentTypes} variant="light">
    <ArrowLeft className="size-4" aria-hidden="true" />
    Payment types
  </ButtonLink>
);

const notFound = (
  <NotFoundCard what="payment type" back={ROUTES.adminPaymentTypes} backLabel="Payment types" />
);

export function AdminPaymentTypeCreatePage() {
  return (
    <AdminFrame
      title="Add payment type"
      description="A UPI ID or bank account customers can pay to."
      actions={back}
    >
      <PaymentTypeForm type={null} />
    </AdminFrame>
  );
}

export function AdminPaymentTypeEditPage() {
  const id = useIdParam();
  const query = useAdminPaymentTypes();
  const type = query.data?.find((t) => t.id === id);
  return (
    <AdminFrame
      title={type ? `Edit ${type.name}` : 'Edit payment type'}
      description="Changes show to customers at once."
      actions={back}
    >
      {/* There is no single-item call: the list is small and already cached. */}
      <DetailQuery query={query} loadingLabel="Loading payment type" notFound={notFound}>
        {(types) => {
          const found = types.find((t) => t.id === id);
          return found ? <PaymentTypeForm key={found.id} type={found} /> : notFound;
        }}
      </DetailQuery>
    </AdminFrame>
  );
}
