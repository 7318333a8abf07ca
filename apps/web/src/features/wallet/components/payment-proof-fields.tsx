import type { PaymentType } from '@iddesk/contract';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { FormImageField } from '../../../components/ui/app-form';
import { PaymentDetails } from './payment-details';
import { PaymentTypePicker } from './payment-type-picker';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { walletText } from '../i18n';

/** The proof of a payment the customer made: its reference (UTR) and a screenshot. */
export function PaymentProofFields() {
  const t = walletText.useT();
  const { register, formState } = useFormContext<FieldValues>();
  return (
    <>
      <TextField
        label={t('proof.reference')}
        {...INPUT.reference}
        hint={t('proof.referenceHint')}
        error={formState.errors.reference?.message as string | undefined}
        {...register('reference')}
      />
      <FormImageField
        name="proof"
        label={t('proof.screenshot')}
        what={t('proof.what')}
        hint={t('proof.screenshotHint')}
      />
    </>
  );
}

/** The form's `payment_type_id` as radio cards, and the chosen account's details to pay to. */
export function PaymentTypeChoice({ types }: { types: PaymentType[] }) {
  const { register, control, formState } = useFormContext<FieldValues>();
  const selectedId = useWatch({ control, name: 'payment_type_id' }) as string;
  // The typed amount goes into the UPI link and its QR code, and beside the payee.
  const amount = useWatch({ control, name: 'amount' }) as string | undefined;
  const selected = types.find((t) => String(t.id) === selectedId) ?? null;
  return (
    <>
      <PaymentTypePicker
        types={types}
        registration={register('payment_type_id')}
        error={formState.errors.payment_type_id?.message as string | undefined}
      />
      {selected ? <PaymentDetails type={selected} amount={amount} /> : null}
    </>
  );
}
