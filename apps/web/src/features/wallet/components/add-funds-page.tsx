import type { Bill } from '@iddesk/contract';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatMoney } from '../../../lib/money';
import { useSiteSettings } from '../../site';
import { usePaymentTypes } from '../api/get-payment-types';
import { AddFundsForm } from './add-funds-form';
import { SentNotice, TransactionsLink } from './sent-notice';
import { common } from '../../../lib/i18n-common';
import { walletText } from '../i18n';

export function AddFundsPage() {
  const paymentTypes = usePaymentTypes();
  const { contact_phone: phone } = useSiteSettings();
  const [sent, setSent] = useState<Bill | null>(null);
  const t = walletText.useT();
  const titles = common.useT();

  return (
    <>
      <PageHeading
        title={titles('titles.addFunds')}
        description={t('add.description')}
        actions={<TransactionsLink />}
      />
      {sent ? (
        <SentNotice title={t('add.sentTitle')} onDismiss={() => setSent(null)}>
          {t('add.sentText', {
            amount: formatMoney(sent.amount),
            type: sent.payment_type.name,
            reference: sent.reference,
          })}
        </SentNotice>
      ) : null}
      {paymentTypes.isPending ? (
        <Card>
          <ListLoading label={t('add.loading')} rows={3} />
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
          <ListEmpty icon={Landmark} title={t('add.noTypes')}>
            {phone ? t('add.noTypesCall', { phone }) : t('add.noTypesContact')}
          </ListEmpty>
        </Card>
      ) : (
        <AddFundsForm types={paymentTypes.data} onSent={setSent} />
      )}
    </>
  );
}
