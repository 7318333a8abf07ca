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

/** Create (type null) or edit a payment type; back to the list when saved. */
export function PaymentTypeForm({ type }: { type: PaymentType | null }) {
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
          label="Name"
          placeholder="PhonePe UPI"
          maxLength={60}
          hint="Customers see this name when they choose how to pay."
          {...app.field('name')}
        />
        <DestinationFields
          name="kind"
          legend="Kind"
          bankLabel="Bank transfer"
          holderLabel="Account holder"
          bankName
        />
        <FormImageField
          name="qr"
          label="QR image"
          what="QR image"
          hint={
            type?.qr_url
              ? 'Choose a new image to replace the current one.'
              : 'Optional. A JPEG, PNG or WebP image of at most 5 MB.'
          }
          current={
            type?.qr_url && !removeQr ? (
              <img
                src={type.qr_url}
                alt={`Current QR code of ${type.name}`}
                className="h-40 w-full rounded-lg bg-white object-contain ring-1 ring-slate-200 sm:size-24"
              />
            ) : null
          }
        />
        {type?.qr_url ? (
          <FormCheckbox name="remove_qr">Remove the current QR image</FormCheckbox>
        ) : null}
        <FormCheckbox name="is_active">Active: customers can pay with it</FormCheckbox>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={app.loading}>
            {type ? 'Save changes' : 'Create payment type'}
          </Button>
          <ButtonLink to={ROUTES.adminPaymentTypes} variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </AppForm>
    </Card>
  );
}
