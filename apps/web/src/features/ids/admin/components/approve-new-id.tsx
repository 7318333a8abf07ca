import { zodResolver } from '@hookform/resolvers/zod';
import type { UserId } from '@iddesk/contract';
import { Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog, SummaryList } from '../../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import type { ActionResult } from '../../../../lib/action';
import { showServerErrors } from '../../../../lib/form-errors';
import { formatMoney } from '../../../../lib/money';
import {
  ApproveUserIdFormSchema,
  generatePassword,
  type ApproveUserIdFormValues,
  type ApproveUserIdOutput,
} from './id-approve-schemas';

type ApproveNewIdProps = {
  userId: UserId;
  loading: boolean;
  onApprove: (body: ApproveUserIdOutput) => Promise<ActionResult<unknown>>;
};

/** Approve a new ID with what went into it and the login the customer receives. */
export function ApproveNewId({ userId, loading, onApprove }: ApproveNewIdProps) {
  const [confirming, setConfirming] = useState<ApproveUserIdOutput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ApproveUserIdFormValues, unknown, ApproveUserIdOutput>({
    resolver: zodResolver(ApproveUserIdFormSchema),
    defaultValues: { amount: userId.amount, login: userId.username, password: '' },
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    setConfirming(body);
  });

  const approve = async () => {
    if (!confirming) return;
    const result = await onApprove(confirming);
    setConfirming(null);
    if (!result.ok) {
      setFormError(showServerErrors(result.error, setError, ['amount', 'login', 'password']));
    }
  };

  return (
    <section aria-labelledby="approve-heading">
      <h2 id="approve-heading" className="text-lg font-semibold text-slate-900">
        Approve
      </h2>
      <p className="mt-1 text-slate-600">
        Create the ID on {userId.item.name}, then enter what the customer receives.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <FormAlert message={formError} />
        <TextField
          label="Amount"
          leading="₹"
          inputMode="decimal"
          autoComplete="off"
          hint={`Put into the ID. The customer asked for ${formatMoney(userId.amount)}.`}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField
          label="Login"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.login?.message}
          {...register('login')}
        />
        <div className="flex flex-col gap-2">
          <TextField
            label="Password"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.password?.message}
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
        <div>
          <Button type="submit">Approve</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Approve new ID #${userId.id}?`}
        description={
          userId.pay_from === 'wallet'
            ? 'The wallet hold is settled and the customer gets the login at once.'
            : 'The customer gets the login at once. Their wallet is not touched.'
        }
        confirmLabel="Approve and send the login"
        loading={loading}
        onConfirm={() => void approve()}
      >
        {confirming ? (
          <SummaryList
            items={[
              { label: 'Customer', value: userId.user?.name ?? '—' },
              { label: 'Service', value: userId.item.name },
              { label: 'Amount', value: formatMoney(confirming.amount) },
              { label: 'Login', value: confirming.login },
              { label: 'Password', value: confirming.password },
            ]}
          />
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
