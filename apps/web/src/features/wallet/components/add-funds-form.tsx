import { limitRangeText, type Bill, type PaymentType } from '@iddesk/contract';
import { useMemo } from 'react';
import { AppForm, FormConfirm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { PaymentProofFields, PaymentTypeChoice } from './payment-proof-fields';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { formatMoney } from '../../../lib/money';
import { useAppForm } from '../../../lib/use-app-form';
import { useAddFunds } from '../api/add-funds';
import { useMoneyLimits } from '../../site';
import { addFundsFormSchema } from './wallet-schemas';

type AddFundsFormProps = { types: PaymentType[]; onSent: (bill: Bill) => void };

/** Step 1 pay (choose a method, copy its details), step 2 tell us (amount, UTR, screenshot). */
export function AddFundsForm({ types, onSent }: AddFundsFormProps) {
  const mutation = useAddFunds();
  const limits = useMoneyLimits();
  const schema = useMemo(() => addFundsFormSchema(limits), [limits]);
  const app = useAppForm({
    schema,
    defaultValues: {
      amount: '',
      payment_type_id: types[0] ? String(types[0].id) : '',
      reference: '',
      proof: null,
    },
    fileField: 'proof',
    confirm: true,
    submit: (values, idempotencyKey) => mutation.mutateAsync({ ...values, idempotencyKey }),
    action: {
      successMessage: 'Top-up sent. We will credit your wallet once the payment is checked.',
    },
    onSuccess: (bill, values, form) => {
      form.reset({
        amount: '',
        payment_type_id: String(values.payment_type_id),
        reference: '',
        proof: null,
      });
      onSent(bill);
    },
  });

  return (
    <>
      <AppForm app={app} alert={false} className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-5">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">1. Pay to one of our accounts</h2>
            <p className="mt-1 text-slate-600">
              Use your banking or UPI app, then keep the reference number it shows.
            </p>
          </div>
          <PaymentTypeChoice types={types} />
        </Card>

        <Card className="flex flex-col gap-5 self-start">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">2. Tell us about your payment</h2>
            <p className="mt-1 text-slate-600">We match these with the payment we received.</p>
          </div>
          <FormAlert message={app.formError} />
          <TextField
            label="Amount"
            {...INPUT.amount}
            hint={`The exact amount you paid${limits ? `: ${limitRangeText(limits, 'add_funds')}` : ''}.`}
            {...app.field('amount')}
          />
          <PaymentProofFields />
          <div>
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              Continue
            </Button>
          </div>
        </Card>
      </AppForm>

      <FormConfirm
        app={app}
        title="Confirm your top-up"
        description="Check the details. Your wallet is credited once the desk matches them with the payment."
        confirmLabel="Send for approval"
        items={(v) => [
          { label: 'Amount', value: formatMoney(v.amount) },
          { label: 'Paid to', value: types.find((t) => t.id === v.payment_type_id)?.name ?? '—' },
          { label: 'Reference', value: v.reference },
          { label: 'Screenshot', value: v.proof.name },
        ]}
      />
    </>
  );
}
