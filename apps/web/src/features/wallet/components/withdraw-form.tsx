import { formatRupees, limitRangeText, parseAmount, type MoneyLimits, type Withdrawal } from '@iddesk/contract';
import { useMemo } from 'react';
import { AppForm, FormConfirm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { DestinationFields } from './destination-fields';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { formatMoney } from '../../../lib/money';
import { useAppForm } from '../../../lib/use-app-form';
import { useWithdraw, type WithdrawInput } from '../api/withdraw';
import { useMoneyLimits } from '../../site';
import { withdrawFormSchema, type WithdrawFormValues } from './wallet-schemas';

const EMPTY: WithdrawFormValues = {
  amount: '',
  method: 'upi',
  upi_id: '',
  account_holder: '',
  account_number: '',
  ifsc: '',
};

function destination(input: WithdrawInput): { label: string; value: string }[] {
  if (input.method === 'upi') return [{ label: 'UPI ID', value: input.upi_id }];
  return [
    { label: 'Account holder', value: input.account_holder },
    { label: 'Account number', value: input.account_number },
    { label: 'IFSC', value: input.ifsc },
  ];
}

/** "Available: ₹5,000.00 · ₹100.00 to ₹1,00,000.00 a withdrawal, ₹2,00,000.00 a day." */
function amountHint(balance: string | undefined, limits: MoneyLimits | undefined): string | undefined {
  const parts = [
    balance ? `Available: ${formatMoney(balance)}` : null,
    limits
      ? `${limitRangeText(limits, 'withdraw')} a withdrawal, at most ${formatRupees(parseAmount(limits.daily_payout) ?? 0n)} a day`
      : null,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' · ')}.` : undefined;
}

type WithdrawFormProps = { balance: string | undefined; onSent: (w: Withdrawal) => void };

export function WithdrawForm({ balance, onSent }: WithdrawFormProps) {
  const mutation = useWithdraw();
  const limits = useMoneyLimits();
  const schema = useMemo(() => withdrawFormSchema(balance, limits), [balance, limits]);
  const app = useAppForm({
    schema,
    defaultValues: EMPTY,
    confirm: true,
    submit: (values, idempotencyKey) => mutation.mutateAsync({ ...values, idempotencyKey }),
    action: {
      successMessage: 'Withdrawal requested. The amount is held until the desk pays it out.',
    },
    onSuccess: (withdrawal, values, form) => {
      form.reset({ ...EMPTY, method: values.method });
      onSent(withdrawal);
    },
  });
  const amount = app.confirming ? formatMoney(app.confirming.amount) : null;

  return (
    <>
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField
          label="Amount"
          {...INPUT.amount}
          hint={amountHint(balance, limits)}
          {...app.field('amount')}
        />
        <DestinationFields
          name="method"
          legend="Send to"
          bankLabel="Bank account"
          holderLabel="Account holder name"
        />
        <div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            Continue
          </Button>
        </div>
      </AppForm>

      <FormConfirm
        app={app}
        title="Confirm your withdrawal"
        description="The amount is held from your balance now and sent once the desk approves it."
        confirmLabel={amount ? `Withdraw ${amount}` : 'Withdraw'}
        items={(v) => [
          { label: 'Amount', value: formatMoney(v.amount) },
          { label: 'Method', value: v.method === 'upi' ? 'UPI' : 'Bank transfer' },
          ...destination(v),
        ]}
      />
    </>
  );
}
