import { ROUTES, type Bill } from '@iddesk/contract';
import { History, Landmark } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatMoney } from '../../../lib/money';
import { useSiteSettings } from '../../site';
import { usePaymentTypes } from '../api/get-payment-types';
import { AddFundsForm } from './add-funds-form';
import { SentNotice } from './sent-notice';

export function AddFundsPage() {
  const paymentTypes = usePaymentTypes();
  const { contact_phone: phone } = useSiteSettings();
  const [sent, setSent] = useState<Bill | null>(null);

  return (
    <>
      <PageHeading
        title="Add funds"
        description="Pay by UPI or bank transfer, then send us the payment details. Your balance is credited once the desk approves it."
        actions={
          <ButtonLink to={ROUTES.transactions} variant="secondary">
            <History className="size-4" aria-hidden="true" />
            Transactions
          </ButtonLink>
        }
      />
      {sent ? (
        <SentNotice title="Top-up sent for approval" onDismiss={() => setSent(null)}>
          {formatMoney(sent.amount)} via {sent.payment_type.name}, reference {sent.reference}. You
          will get a notification when it is credited.
        </SentNotice>
      ) : null}
      {paymentTypes.isPending ? (
        <Card>
          <ListLoading label="Loading payment methods" rows={3} />
        </Card>
      ) : paymentTypes.isError ? (
        <Card>
          <ListError
            message={paymentTypes.error.message}
            onRetry={() => void paymentTypes.refetch()}
            retrying={paymentTypes.isFetching}
          />
        </Card>
      ) : paymentTypes.data.length === 0 ? (
        <Card>
          <ListEmpty icon={Landmark} title="No payment methods right now">
            Top-ups are paused. {phone ? `Call us on ${phone}` : 'Contact us'} and we will help you
            pay.
          </ListEmpty>
        </Card>
      ) : (
        <AddFundsForm types={paymentTypes.data} onSent={setSent} />
      )}
    </>
  );
}
