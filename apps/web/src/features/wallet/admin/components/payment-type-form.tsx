import { ROUTES, type PaymentType } from '@iddesk/contract';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AppForm, FormCheckbox, FormImageField } from '../../../../components/ui/app-form';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DestinationFields } from '../../components/destination-fields';
import { TextField } from '../../../../components/ui/text-field';
import { useAppForm } from '../../../../lib/use-app-form';
import { useSavePaymentType } from '../api/payment-types';
import { formValuesOf, PaymentTypeFormSchema } from './payment-type-schema';
import { walletStaff } from '../i18n';

/** Create (type null) or edit a payment type; back to the list when saved. */
export function PaymentTypeForm({ type }: { type: PaymentType | null }) {
  const t = walletStaff.useT();
  const navigate = useNavigate();
  const mutation = useSavePaymentType();
  const app = useAppForm({
    schema: PaymentTypeFormSchema,
    defaultValues: formValuesOf(type),
    fileField: 'qr',
    submit: (input) => mutation.mutateAsync({ id: type?.id ?? null, input }),
    onSuccess: () => navigate(ROUTES.adminPaymentTypes),
  });
  const removeQr = useWatch({ control: app.form.control, name: 'remove_qr' });

  return (
    <Card className="max-w-2xl">
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField
          label={t('type.name')}
          placeholder={t('type.namePlaceholder')}
          maxLength={60}
          hint={t('type.nameHint')}
          {...app.field('name')}
        />
        <DestinationFields
          name="kind"
          legend={t('type.kind')}
          bankLabel={t('type.bankTransfer')}
          holderLabel={t('type.accountHolder')}
          bankName
        />
        <FormImageField
          name="qr"
          label={t('type.qr')}
          what={t('type.qr')}
          hint={t(type?.qr_url ? 'type.qrReplace' : 'type.qrHint')}
          current={
            type?.qr_url && !removeQr ? (
              <img
                src={type.qr_url}
                alt={t('type.qrCurrent', { name: type.name })}
                className="h-40 w-full rounded-lg bg-white object-contain ring-1 ring-slate-200 sm:size-24"
              />
            ) : null
          }
        />
        {type?.qr_url ? (
          <FormCheckbox name="remove_qr">{t('type.removeQr')}</FormCheckbox>
        ) : null}
        <FormCheckbox name="is_active">{t('type.active')}</FormCheckbox>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={app.loading}>
            {t(type ? 'type.save' : 'type.create')}
          </Button>
          <ButtonLink to={ROUTES.adminPaymentTypes} variant="secondary">
            {t('type.cancel')}
          </ButtonLink>
        </div>
      </AppForm>
    </Card>
  );
}
