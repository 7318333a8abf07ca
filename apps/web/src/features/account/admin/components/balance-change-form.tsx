import { zodResolver } from '@hookform/resolvers/zod';
import { BalanceChangeBodySchema, type AdminUserDetail } from '@iddesk/contract';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog, SummaryList } from '../../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { AmountFieldSchema, exceedsBalance } from '../../../../lib/amount';
import { showServerErrors } from '../../../../lib/form-errors';
import { formatMoney } from '../../../../lib/money';
import { useAction } from '../../../../lib/use-action';
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
type Values = { amount: string; comment: string };
type Output = { amount: string; comment: string };

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
  const headingId = useId();
  const mutation = useChangeBalance();
  const limit = direction === 'withdraw' ? user.balance : null;
  const schema = useMemo(() => formSchema(limit), [limit]);
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState<Output | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', comment: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setConfirming(values);
  });

  const send = async () => {
    if (!confirming) return;
    const result = await run(
      () => mutation.mutateAsync({ direction, user_id: user.id, ...confirming }),
      { successMessage: text.success },
    );
    setConfirming(null);
    if (result.ok) reset();
    else setFormError(showServerErrors(result.error, setError, ['amount', 'comment']));
  };

  const amount = confirming ? formatMoney(confirming.amount) : '';
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {text.title}
        </h2>
        <p className="mt-1 text-slate-600">{text.intro}</p>
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
          <FormAlert message={formError} />
          <TextField
            label={`${text.noun} amount`}
            leading="₹"
            inputMode="decimal"
            autoComplete="off"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <TextArea
            label={`${text.noun} comment`}
            hint="Required. Kept with the change; the customer sees it."
            rows={2}
            maxLength={500}
            error={errors.comment?.message}
            {...register('comment')}
          />
          <div>
            <Button type="submit" variant={direction === 'deposit' ? 'primary' : 'secondary'}>
              {text.button}
            </Button>
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={text.confirmTitle(amount, user.name)}
        description="The change is written to the ledger and the audit log at once."
        confirmLabel={text.confirmLabel(amount)}
        tone={direction === 'withdraw' ? 'danger' : 'primary'}
        loading={loading}
        onConfirm={() => void send()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'Customer', value: `${user.name} (#${user.id})` },
              { label: 'Current balance', value: formatMoney(user.balance) },
              { label: direction === 'deposit' ? 'Credit' : 'Debit', value: amount },
              { label: 'Comment', value: confirming.comment },
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
