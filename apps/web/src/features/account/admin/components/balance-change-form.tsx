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
import { accountStaff } from '../i18n';

/** A manual withdrawal may not overdraw: checked here too, with the comment, before the server. */
const formSchema = (limit: string | null) =>
  z.object({
    amount: AmountFieldSchema.superRefine((amount, ctx) => {
      if (limit !== null && exceedsBalance(amount, limit)) {
        ctx.addIssue({
          code: 'custom',
          message: accountStaff.t('balance.only', { amount: formatMoney(limit) }),
        });
      }
    }),
    comment: BalanceChangeBodySchema.shape.comment as z.ZodType<string, string>,
  });

type Props = { user: AdminUserDetail; direction: 'deposit' | 'withdraw' };

/** A manual balance change with a required comment, kept in the ledger and the audit log. */
export function BalanceChangeForm({ user, direction }: Props) {
  const t = accountStaff.useT();
  const key = <K extends string>(name: K) => `balance.${direction}.${name}` as const;
  const mutation = useChangeBalance();
  const limit = direction === 'withdraw' ? user.balance : null;
  const schema = useMemo(() => formSchema(limit), [limit]);
  const app = useAppForm({
    schema,
    defaultValues: { amount: '', comment: '' },
    confirm: true,
    submit: (values, idempotencyKey) =>
      mutation.mutateAsync({ direction, user_id: user.id, ...values, idempotencyKey }),
    action: { successMessage: t(key('success')) },
    onSuccess: (_data, _values, form) => form.reset(),
  });

  const amount = app.confirming ? formatMoney(app.confirming.amount) : '';
  return (
    <Card>
      <DecisionPanel
        app={app}
        heading={t(key('title'))}
        intro={t(key('intro'))}
        button={t(key('button'))}
        secondary={direction === 'withdraw'}
        confirm={{
          title: t(key('confirmTitle'), { amount, name: user.name }),
          description: t('balance.description'),
          confirmLabel: t(key('confirmLabel'), { amount }),
          tone: direction === 'withdraw' ? 'danger' : 'primary',
          items: (v) => [
            {
              label: t('balance.customer'),
              value: t('balance.customerValue', { name: user.name, id: user.id }),
            },
            { label: t('balance.current'), value: formatMoney(user.balance) },
            { label: t(key('line')), value: formatMoney(v.amount) },
            { label: t('balance.comment'), value: v.comment },
          ],
        }}
      >
        <TextField label={t(key('amount'))} {...INPUT.amount} {...app.field('amount')} />
        <TextArea
          label={t(key('comment'))}
          hint={t('balance.commentHint')}
          rows={2}
          maxLength={500}
          {...app.field('comment')}
        />
      </DecisionPanel>
    </Card>
  );
}
