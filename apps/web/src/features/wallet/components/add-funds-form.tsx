import { limitRangeText, type Bill, type PaymentType } from '@iddesk/contract';
import { useMemo } from 'react';
import { AppForm } from '../../../components/ui/app-form';
import { FormConfirm } from '../../../components/ui/form-confirm';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { PaymentProofFields, PaymentTypeChoice } from './payment-proof-fields';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { QuickAmounts } from '../../../components/ui/quick-amounts';
import { formatMoney } from '../../../lib/money';
import { useAppForm } from '../../../lib/use-app-form';
import { useAddFunds } from '../api/add-funds';
import { useMoneyLimits } from '../../site';
import { addFundsFormSchema } from './wallet-schemas';
import { walletText } from '../i18n';

type AddFundsFormProps = { types: PaymentType[]; onSent: (bill: Bill) => void };

/** Step 1 pay (choose a method, copy its details), step 2 tell us (amount, UTR, screenshot). */
export function AddFundsForm({ types, onSent }: AddFundsFormProps) {
  const t = walletText.useT();
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
    // Said once, by the page's "Top-up sent for approval" panel, not by a toast as well (issue 56).
    action: { successNotify: false },
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
            <h2 className="text-lg font-semibold text-slate-900">{t('add.step1')}</h2>
            <p className="mt-1 text-slate-600">{t('add.step1Text')}</p>
          </div>
          <PaymentTypeChoice types={types} />
        </Card>

        <Card className="flex flex-col gap-5 self-start">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t('add.step2')}</h2>
            <p className="mt-1 text-slate-600">{t('add.step2Text')}</p>
          </div>
          <FormAlert message={app.formError} />
          <TextField
            label={t('amount')}
            {...INPUT.amount}
            hint={
              limits
                ? t('add.amountHintRange', { range: limitRangeText(limits, 'add_funds') })
                : t('add.amountHint')
            }
            {...app.field('amount')}
          />
          <QuickAmounts label={t('add.quick')} min={limits?.add_funds.min} max={limits?.add_funds.max} />
          <PaymentProofFields />
          <div>
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              {t('continue')}
            </Button>
          </div>
        </Card>
      </AppForm>

      <FormConfirm
        app={app}
        title={t('add.confirmTitle')}
        description={t('add.confirmDescription')}
        confirmLabel={t('add.confirmLabel')}
        items={(v) => [
          { label: t('amount'), value: formatMoney(v.amount) },
          {
            label: t('add.paidTo'),
            value: types.find((t) => t.id === v.payment_type_id)?.name ?? '—',
          },
          { label: t('add.reference'), value: v.reference },
          { label: t('add.screenshot'), value: v.proof.name },
        ]}
      />
    </>
  );
}
