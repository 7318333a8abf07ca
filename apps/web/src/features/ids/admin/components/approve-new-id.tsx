import type { ApproveUserIdBody, UserId } from '@iddesk/contract';
import { Wand2 } from 'lucide-react';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import type { ApiResponse } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { ReuseCommentField, reuseBody, reuseCommentSchema } from '../../../staff';
import { ApproveUserIdFormSchema, generatePassword } from './id-approve-schemas';

type ApproveNewIdProps = {
  userId: UserId;
  submit: (body: ApproveUserIdBody, idempotencyKey: string) => Promise<ApiResponse<unknown>>;
  onDone: () => unknown;
};

/** Approve a new ID with what went into it and the login the customer receives. */
export function ApproveNewId({ userId, submit, onDone }: ApproveNewIdProps) {
  const flag = userId.reused_proof;
  const schema = useMemo(
    () => ApproveUserIdFormSchema.extend({ comment: reuseCommentSchema(flag) }),
    [flag],
  );
  const app = useAppForm({
    schema,
    defaultValues: { amount: userId.amount, login: userId.username, password: '', comment: '' },
    confirm: true,
    submit: ({ comment, ...body }, key) => submit({ ...body, ...reuseBody(comment) }, key),
    onSuccess: onDone,
  });

  return (
    <DecisionPanel
      app={app}
      heading="Approve"
      decision="approve"
      intro={`Create the ID on ${userId.item.name}, then enter what the customer receives.`}
      confirm={{
        title: `Approve new ID #${userId.id}?`,
        description:
          userId.pay_from === 'wallet'
            ? 'The wallet hold is settled and the customer gets the login at once.'
            : 'The customer gets the login at once. Their wallet is not touched.',
        confirmLabel: 'Approve and send the login',
        items: (v) => [
          { label: 'Customer', value: userId.user?.name ?? '—' },
          { label: 'Service', value: userId.item.name },
          { label: 'Amount', value: formatMoney(v.amount) },
          { label: 'Login', value: v.login },
          { label: 'Password', value: v.password },
          ...(v.comment ? [{ label: 'Flag confirmed', value: v.comment }] : []),
        ],
      }}
    >
      <TextField
        label="Amount"
        {...INPUT.amount}
        hint={`Put into the ID. The customer asked for ${formatMoney(userId.amount)}.`}
        {...app.field('amount')}
      />
      <TextField label="Login" {...INPUT.code} {...app.field('login')} />
      <PasswordWithGenerator label="Password" />
      <ReuseCommentField flag={flag} />
    </DecisionPanel>
  );
}

/** The form's `password`, with a button that fills in a strong one. */
export function PasswordWithGenerator({ label, hint }: { label: string; hint?: string }) {
  const { register, setValue, formState } = useFormContext<{ password: string }>();
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={label}
        {...INPUT.code}
        hint={hint}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button
        variant="ghost"
        className="self-start"
        onClick={() => setValue('password', generatePassword(), { shouldValidate: true })}
      >
        <Wand2 className="size-4" aria-hidden="true" />
        Generate a password
      </Button>
    </div>
  );
}
