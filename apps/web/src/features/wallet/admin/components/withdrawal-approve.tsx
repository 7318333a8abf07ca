import { WithdrawalApproveBodySchema, type Withdrawal } from '@iddesk/contract';
import { z } from 'zod';
import { FormImageField } from '../../../../components/ui/app-form';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { TextField } from '../../../../components/ui/text-field';
import { imageFieldSchema } from '../../../../lib/image-field-schema';
import { formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { destinationText } from './withdrawal-list-pages';
import { type DecisionSubmit, staffText } from '../../../staff';
import { walletStaff } from '../i18n';

type Output = { reference: string; proof: File | null };

const ApproveFormSchema = z.object({
  reference: z
    .string()
    .pipe(WithdrawalApproveBodySchema.shape.reference as z.ZodType<string | undefined, string>)
    .transform((v) => v ?? ''),
  proof: imageFieldSchema(),
});

type WithdrawalApproveProps = { withdrawal: Withdrawal } & DecisionSubmit<Output>;

/** Approve after paying out, with the payout reference and screenshot if there are any. */
export function WithdrawalApprove({ withdrawal, submit, onDone }: WithdrawalApproveProps) {
  const t = walletStaff.useT();
  const shared = staffText.useT();
  const app = useAppForm({
    schema: ApproveFormSchema,
    defaultValues: { reference: '', proof: null },
    fileField: 'proof',
    confirm: true,
    submit,
    onSuccess: onDone,
  });
  const amount = formatMoney(withdrawal.amount);

  return (
    <DecisionPanel
      app={app}
      heading={shared('decide.approve')}
      decision="approve"
      intro={t('withdrawal.approveIntro', { amount })}
      confirm={{
        title: t('withdrawal.approveTitle', { id: withdrawal.id }),
        description: t('withdrawal.approveDescription', { amount, name: withdrawal.user.name }),
        confirmLabel: t('withdrawal.approveConfirm'),
        items: (v) => [
          { label: t('bill.amount'), value: amount },
          { label: t('withdrawal.sentTo'), value: destinationText(withdrawal) },
          {
            label: t('withdrawal.payoutReference'),
            value: v.reference || t('withdrawal.none'),
          },
          { label: t('withdrawal.screenshot'), value: v.proof?.name ?? t('withdrawal.none') },
        ],
      }}
    >
      <TextField
        label={t('withdrawal.payoutReference')}
        hint={t('withdrawal.referenceHint')}
        autoComplete="off"
        spellCheck={false}
        {...app.field('reference')}
      />
      <FormImageField
        name="proof"
        label={t('withdrawal.payoutScreenshot')}
        what={t('withdrawal.screenshotWhat')}
        hint={t('withdrawal.screenshotHint')}
      />
    </DecisionPanel>
  );
}
