import { ROUTES, type CatalogueItem } from '@iddesk/contract';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useCreateUserId } from '../api/create-user-id';
import { useMoneyLimits } from '../../site';
import { amountRangeHint, createIdFormSchema, type CreateIdFormValues } from './id-form-schemas';
import { PaymentForm } from './payment-fields';
import { idsText } from '../i18n';

function UsernameField() {
  const { register, formState } = useFormContext<CreateIdFormValues>();
  const t = idsText.useT();
  return (
    <TextField
      label={t('username')}
      {...INPUT.code}
      hint={t('create.usernameHint')}
      error={formState.errors.username?.message}
      {...register('username')}
    />
  );
}

type CreateIdFormProps = { item: CatalogueItem; balance: string | undefined };

/** Username, amount and payment, a confirmation, then off to My IDs. */
export function CreateIdForm({ item, balance }: CreateIdFormProps) {
  const mutation = useCreateUserId();
  const t = idsText.useT();
  const moneyLimits = useMoneyLimits();
  const limits = useMemo(
    () => ({
      minDeposit: item.min_deposit,
      balance,
      owners: { limits: moneyLimits, operation: 'id_create' as const },
    }),
    [item, balance, moneyLimits],
  );
  const schema = useMemo(() => createIdFormSchema(limits), [limits]);
  const range = amountRangeHint(limits);
  return (
    <Card>
      <h2 className="mb-5 text-lg font-semibold text-slate-900">{t('create.heading')}</h2>
      <PaymentForm
        schema={schema}
        extraValues={{ username: '' }}
        limits={limits}
        amountHint={range ? t('create.amountHintRange', { range }) : t('create.amountHint')}
        submitLabel={t('create.submit')}
        submit={(values, idempotencyKey) =>
          mutation.mutateAsync({
            ...values,
            username: values.username ?? '',
            itemId: item.id,
            idempotencyKey,
          })
        }
        successMessage={t('create.success')}
        done={ROUTES.myIds}
        confirm={{
          title: t('create.confirmTitle', { name: item.name }),
          wallet: t('create.confirmWallet'),
          payment: t('create.confirmPayment'),
          label: t('create.confirmLabel'),
          items: (v) => [
            { label: t('create.service'), value: item.name },
            { label: t('username'), value: v.username ?? '' },
          ],
        }}
      >
        <UsernameField />
      </PaymentForm>
    </Card>
  );
}
