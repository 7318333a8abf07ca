import type { PaymentType } from '@iddesk/contract';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { FormImageField } from '../../../components/ui/app-form';
import { PaymentDetails } from './payment-details';
import { PaymentTypePicker } from './payment-type-picker';
import { INPUT, TextField } from '../../../components/ui/text-field';

/** The proof of a payment the customer made: its reference (UTR) and a screenshot. */
export function PaymentProofFields() {
  const { register, formState } = useFormContext<FieldValues>();
  return (
    <>
      <TextField
        label="Reference (UTR)"
        {...INPUT.reference}
        hint="The UTR or transaction ID from your payment app."
        error={formState.errors.reference?.message as string | undefined}
        {...register('reference')}
      />
      <FormImageField
        name="proof"
        label="Payment screenshot"
        what="screenshot"
        hint="A JPEG, PNG or WebP image of at most 5 MB."
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
