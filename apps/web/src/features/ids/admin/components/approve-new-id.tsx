import type { ApproveUserIdBody, UserId } from '@iddesk/contract';
import { Wand2 } from 'lucide-react';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import { formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import {
  type DecisionSubmit,
  ReuseCommentField,
  reuseBody,
  reuseCommentSchema,
  staffText,
} from '../../../staff';
import { ApproveUserIdFormSchema, generatePassword } from './id-approve-schemas';
import { idsStaff } from '../i18n';

type ApproveNewIdProps = { userId: UserId } & DecisionSubmit<ApproveUserIdBody>;

/** Approve a new ID with what went into it and the login the customer receives. */
export function ApproveNewId({ userId, submit, onDone }: ApproveNewIdProps) {
  const t = idsStaff.useT();
  const shared = staffText.useT();
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
      heading={shared('decide.approve')}
      decision="approve"
      intro={t('newId.approveIntro', { service: userId.item.name })}
      confirm={{
        title: t('newId.approveTitle', { id: userId.id }),
        description: t(
          userId.pay_from === 'wallet' ? 'newId.approveWallet' : 'newId.approvePayment',
        ),
        confirmLabel: t('newId.approveConfirm'),
        items: (v) => [
          { label: t('list.customer'), value: userId.user?.name ?? '—' },
          { label: t('newId.service'), value: userId.item.name },
          { label: t('list.amount'), value: formatMoney(v.amount) },
          { label: t('newId.login'), value: v.login },
          { label: t('newId.password'), value: v.password },
          ...(v.comment ? [{ label: t('newId.flagConfirmed'), value: v.comment }] : []),
        ],
      }}
    >
      <TextField
        label={t('list.amount')}
        {...INPUT.amount}
        hint={t('newId.amountHint', { amount: formatMoney(userId.amount) })}
        {...app.field('amount')}
      />
      <TextField label={t('newId.login')} {...INPUT.code} {...app.field('login')} />
      <PasswordWithGenerator label={t('newId.password')} />
      <ReuseCommentField flag={flag} />
    </DecisionPanel>
  );
}

/** The form's `password`, with a button that fills in a strong one. */
export function PasswordWithGenerator({ label, hint }: { label: string; hint?: string }) {
  const t = idsStaff.useT();
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
        {t('newId.generate')}
      </Button>
    </div>
  );
}
