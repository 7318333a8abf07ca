import { WithdrawalApproveBodySchema, type Withdrawal } from '@iddesk/contract';
import { z } from 'zod';
import { FormImageField } from '../../../../components/ui/app-form';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { TextField } from '../../../../components/ui/text-field';
import type { ApiResponse } from '../../../../lib/api-client';
import { imageFieldSchema } from '../../../../lib/files';
import { formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { destinationText } from './withdrawal-list-pages';

type Output = { reference: string; proof: File | null };

const ApproveFormSchema = z.object({
  reference: z
    .string()
    .pipe(WithdrawalApproveBodySchema.shape.reference as z.ZodType<string | undefined, string>)
    .transform((v) => v ?? ''),
  proof: imageFieldSchema(),
});

type WithdrawalApproveProps = {
  withdrawal: Withdrawal;
  submit: (values: Output, idempotencyKey: string) => Promise<ApiResponse<unknown>>;
  onDone: () => unknown;
};

/** Approve after paying out, with the payout reference and screenshot if there are any. */
export function WithdrawalApprove({ withdrawal, submit, onDone }: WithdrawalApproveProps) {
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
      heading="Approve"
      decision="approve"
      intro={`Send ${amount} to the destination shown, then approve. The held amount is settled.`}
      confirm={{
        title: `Approve withdrawal #${withdrawal.id}?`,
        description: `Confirm that ${amount} has been sent to ${withdrawal.user.name}. This cannot be undone.`,
        confirmLabel: 'Approve payout',
        items: (v) => [
          { label: 'Amount', value: amount },
          { label: 'Sent to', value: destinationText(withdrawal) },
          { label: 'Payout reference', value: v.reference || 'None' },
          { label: 'Screenshot', value: v.proof?.name ?? 'None' },
        ],
      }}
    >
      <TextField
        label="Payout reference"
        hint="Optional: the UTR or transaction ID of your payout."
        autoComplete="off"
        spellCheck={false}
        {...app.field('reference')}
      />
      <FormImageField
        name="proof"
        label="Payout screenshot"
        what="payout screenshot"
        hint="Optional. A JPEG, PNG or WebP image of at most 5 MB."
      />
    </DecisionPanel>
  );
}
