import {
  formatRupees,
  limitRangeText,
  parseAmount,
  payoutLeftToday,
  type MoneyLimits,
  type PayoutToday,
  type Withdrawal,
} from '@iddesk/contract';
import { useMemo } from 'react';
import { AppForm } from '../../../components/ui/app-form';
import { FormConfirm } from '../../../components/ui/form-confirm';
import { Button } from '../../../components/ui/button';
import { DestinationFields } from './destination-fields';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { formatMoney } from '../../../lib/money';
import { useAppForm } from '../../../lib/use-app-form';
import { usePayoutToday } from '../api/get-payout-today';
import { useWithdraw, type WithdrawInput } from '../api/withdraw';
import { useMoneyLimits } from '../../site';
import { withdrawFormSchema, type WithdrawFormValues } from './wallet-schemas';
import { walletText } from '../i18n';

const EMPTY: WithdrawFormValues = {
  amount: '',
  method: 'upi',
  upi_id: '',
  account_holder: '',
  account_number: '',
  ifsc: '',
};

function destination(input: WithdrawInput): { label: string; value: string }[] {
  const { t } = walletText;
  if (input.method === 'upi') return [{ label: t('upiId'), value: input.upi_id }];
  return [
    { label: t('accountHolder'), value: input.account_holder },
    { label: t('accountNumber'), value: input.account_number },
    { label: t('ifsc'), value: input.ifsc },
  ];
}

/**
 * The limits part of the amount hint: "₹100.00 to ₹1,00,000.00 a withdrawal, at most
 * ₹2,00,000.00 a day"; once the customer has withdrawn today, "…, ₹1,40,000.00 left of today's
 * ₹2,00,000.00"; once nothing is left, "today's payout limit of ₹2,00,000.00 is used up: …".
 */
function limitsHint(limits: MoneyLimits, today: PayoutToday | undefined): string {
  const { t } = walletText;
  const daily = formatRupees(parseAmount(limits.daily_payout) ?? 0n);
  const range = limitRangeText(limits, 'withdraw');
  const asked = today ? (parseAmount(today.asked_today) ?? 0n) : 0n;
  if (asked === 0n) return t('out.hintLimits', { range, daily });
  // From the limits the form checks with, as the form's refusal does.
  const left = payoutLeftToday(limits, asked);
  if (left === 0n) return t('out.hintNoneLeft', { daily });
  return t('out.hintLeftToday', { range, left: formatRupees(left), daily });
}

/** "Available: ₹5,000.00 · " and the limits part, each once it is known. */
function amountHint(
  balance: string | undefined,
  limits: MoneyLimits | undefined,
  today: PayoutToday | undefined,
): string | undefined {
  const { t } = walletText;
  const parts = [
    balance ? t('out.hintAvailable', { balance: formatMoney(balance) }) : null,
    limits ? limitsHint(limits, today) : null,
  ].filter(Boolean);
  return parts.length > 0 ? t('out.hint', { parts: parts.join(' · ') }) : undefined;
}

type WithdrawFormProps = { balance: string | undefined; onSent: (w: Withdrawal) => void };

export function WithdrawForm({ balance, onSent }: WithdrawFormProps) {
  const t = walletText.useT();
  const mutation = useWithdraw();
  const limits = useMoneyLimits();
  const today = usePayoutToday();
  const schema = useMemo(
    () => withdrawFormSchema(balance, limits, today?.asked_today),
    [balance, limits, today?.asked_today],
  );
  const app = useAppForm({
    schema,
    defaultValues: EMPTY,
    confirm: true,
    submit: (values, idempotencyKey) => mutation.mutateAsync({ ...values, idempotencyKey }),
    // Said once, by the page's "Withdrawal requested" panel, not by a toast as well (issue 56).
    action: { successNotify: false },
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
          label={t('amount')}
          {...INPUT.amount}
          hint={amountHint(balance, limits, today)}
          {...app.field('amount')}
        />
        <DestinationFields
          name="method"
          legend={t('out.sendTo')}
          bankLabel={t('out.bankAccount')}
          holderLabel={t('out.holderName')}
        />
        <div>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            {t('continue')}
          </Button>
        </div>
      </AppForm>

      <FormConfirm
        app={app}
        title={t('out.confirmTitle')}
        description={t('out.confirmDescription')}
        confirmLabel={amount ? t('out.confirmAmount', { amount }) : t('withdraw')}
        items={(v) => [
          { label: t('amount'), value: formatMoney(v.amount) },
          { label: t('out.method'), value: v.method === 'upi' ? t('upi') : t('bankTransfer') },
          ...destination(v),
        ]}
      />
    </>
  );
}
