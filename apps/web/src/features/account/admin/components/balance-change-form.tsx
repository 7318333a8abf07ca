import { BalanceChangeBodySchema, type AdminUserDetail } from '@iddesk/contract';
import { useMemo } from 'react';
import { z } from 'zod';
import { Card } from '../../../../components/ui/card';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { TextArea } from '../../../../components/ui/text-area';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import { AmountFieldSchema, exceedsBalance } from '../../../../lib/amount';
import { formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { useChangeBalance } from '../api/users';

/** A manual withdrawal may not overdraw: checked here too, with the comment, before the server. */
const formSchema = (limit: string | null) =>
  z.object({
    amount: AmountFieldSchema.superRefine((amount, ctx) => {
      if (limit !== null && exceedsBalance(amount, limit)) {
        ctx.addIssue({ code: 'custom', message: `The balance is only ${formatMoney(limit)}.` });
      }
    }),
    comment: BalanceChangeBodySchema.shape.comment as z.ZodType<string, string>,
  });

const TEXT = {
  deposit: {
    title: 'Manual deposit',
    intro: 'Credit the wallet, for example a payment that arrived without a bill.',
    noun: 'Deposit',
    button: 'Deposit',
    confirmTitle: (amount: string, name: string) => `Credit ${amount} to ${name}?`,
    confirmLabel: (amount: string) => `Credit ${amount}`,
    success: 'The balance has been credited.',
  },
  withdraw: {
    title: 'Manual withdrawal',
    intro: 'Debit the wallet, for example to correct a mistake. It cannot overdraw the balance.',
    noun: 'Withdrawal',
    button: 'Withdraw',
    confirmTitle: (amount: string, name: string) => `Debit ${amount} from ${name}?`,
    confirmLabel: (amount: string) => `Debit ${amount}`,
    success: 'The balance has been debited.',
  },
} as const;

type Props = { user: AdminUserDetail; direction: 'deposit' | 'withdraw' };

/** A manual balance change with a required comment, kept in the ledger and the audit log. */
export function BalanceChangeForm({ user, direction }: Props) {
  const text = TEXT[direction];
  const mutation = useChangeBalance();
  const limit = direction === 'withdraw' ? user.balance : null;
  const schema = useMemo(() => formSchema(limit), [limit]);
  const app = useAppForm({
    schema,
    defaultValues: { amount: '', comment: '' },
    confirm: true,
    submit: (values, idempotencyKey) =>
      mutation.mutateAsync({ direction, user_id: user.id, ...values, idempotencyKey }),
    action: { successMessage: text.success },
    onSuccess: (_data, _values, form) => form.reset(),
  });

  const amount = app.confirming ? formatMoney(app.confirming.amount) : '';
  return (
    <Card>
      <DecisionPanel
        app={app}
        heading={text.title}
        intro={text.intro}
        button={text.button}
        secondary={direction === 'withdraw'}
        confirm={{
          title: text.confirmTitle(amount, user.name),
          description: 'The change is written to the ledger and the audit log at once.',
          confirmLabel: text.confirmLabel(amount),
          tone: direction === 'withdraw' ? 'danger' : 'primary',
          items: (v) => [
            { label: 'Customer', value: `${user.name} (#${user.id})` },
            { label: 'Current balance', value: formatMoney(user.balance) },
            { label: direction === 'deposit' ? 'Credit' : 'Debit', value: formatMoney(v.amount) },
            { label: 'Comment', value: v.comment },
          ],
        }}
      >
        <TextField label={`${text.noun} amount`} {...INPUT.amount} {...app.field('amount')} />
        <TextArea
          label={`${text.noun} comment`}
          hint="Required. Kept with the change; the customer sees it."
          rows={2}
          maxLength={500}
          {...app.field('comment')}
        />
      </DecisionPanel>
    </Card>
  );
}
