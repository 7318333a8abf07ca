import { ROUTES, type UserId } from '@iddesk/contract';
import { useMemo } from 'react';
import { amountMinor } from '../../../lib/amount';
import { useDepositToId } from '../api/deposit';
import { amountRangeHint, depositFormSchema, type PaymentLimits } from './id-form-schemas';
import { PaymentForm } from './payment-fields';
import { idsText } from '../i18n';

type DepositFormProps = { userId: UserId; limits: PaymentLimits };

export function DepositForm({ userId, limits }: DepositFormProps) {
  const mutation = useDepositToId();
  const t = idsText.useT();
  const schema = useMemo(() => depositFormSchema(limits), [limits]);
  const range = amountRangeHint(limits);
  // The chips keep to the larger of the owners' minimum and the site's own minimum deposit.
  const owners = limits.owners?.limits?.id_deposit;
  const min =
    (amountMinor(limits.minDeposit) ?? -1n) > (amountMinor(owners?.min) ?? -1n) ? limits.minDeposit : owners?.min;
  return (
    <PaymentForm
      schema={schema}
      limits={limits}
      amountHint={range ? t('deposit.amountHint', { range }) : t('deposit.anyAmount')}
      quickAmounts={{ label: t('deposit.quick'), min, max: owners?.max }}
      submitLabel={t('deposit.submit')}
      submit={(values, idempotencyKey) =>
        mutation.mutateAsync({ ...values, userIdId: userId.id, idempotencyKey })
      }
      successMessage={t('deposit.success')}
      done={ROUTES.myId(userId.id)}
      confirm={{
        title: t('deposit.confirmTitle', { name: userId.item.name }),
        wallet: t('deposit.confirmWallet'),
        payment: t('deposit.confirmPayment'),
        label: t('deposit.confirmLabel'),
        items: [{ label: t('deposit.id'), value: `${userId.item.name} @${userId.username}` }],
      }}
    />
  );
}
