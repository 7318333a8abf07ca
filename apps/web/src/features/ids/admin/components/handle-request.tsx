import type { IdRequest } from '@iddesk/contract';
import { useMemo } from 'react';
import type { SummaryItem } from '../../../../components/ui/confirm-dialog';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import { formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { type DecisionSubmit, ReuseCommentField, staffText } from '../../../staff';
import { PasswordWithGenerator } from './approve-new-id';
import { approveRequestSchema, type ApproveBody } from './id-approve-schemas';
import { idsStaff } from '../i18n';

type HandleRequestProps = { request: IdRequest } & DecisionSubmit<ApproveBody>;

/** What approving does, per type, in one sentence for the admin. */
function approveText(request: IdRequest): string {
  const { t } = idsStaff;
  const amount = request.amount ? formatMoney(request.amount) : '';
  switch (request.type) {
    case 'deposit':
      return t(
        request.pay_from === 'wallet' ? 'approve.deposit.wallet' : 'approve.deposit.payment',
        {
          amount,
        },
      );
    case 'withdraw':
      return t('approve.withdraw', { amount });
    case 'close':
      return t('approve.close');
    case 'change_password':
      return t(request.password ? 'approve.password.asked' : 'approve.password.new');
    default:
      return t('approve.other');
  }
}

function confirmItems(request: IdRequest, body: ApproveBody): SummaryItem[] {
  const { t } = idsStaff;
  const items: SummaryItem[] = [
    { label: t('list.customer'), value: request.user?.name ?? '—' },
    { label: t('list.id'), value: `${request.id_object.item.name} @${request.id_object.username}` },
  ];
  if (body.amount !== undefined) {
    items.push({ label: t('approve.credited'), value: formatMoney(body.amount) });
  } else if (request.amount) {
    items.push({ label: t('list.amount'), value: formatMoney(request.amount) });
  }
  if (body.password) items.push({ label: t('approve.newPassword'), value: body.password });
  if (typeof body.comment === 'string')
    items.push({ label: t('newId.flagConfirmed'), value: body.comment });
  return items;
}

/** The approve half of `/admin/requests/{id}`, with the field its type needs. */
export function HandleRequest({ request, submit, onDone }: HandleRequestProps) {
  const t = idsStaff.useT();
  const shared = staffText.useT();
  const flag = request.reused_proof;
  const flagged = Boolean(flag?.flagged);
  const schema = useMemo(
    () => approveRequestSchema(request.type, flagged),
    [request.type, flagged],
  );
  const app = useAppForm({
    schema,
    defaultValues: {
      amount: request.type === 'withdraw' ? (request.amount ?? '') : '',
      password: request.password ?? '',
      comment: '',
    },
    confirm: true,
    submit,
    onSuccess: onDone,
  });
  const amount = app.confirming?.amount;
  const credit = amount !== undefined ? formatMoney(amount) : null;

  return (
    <DecisionPanel
      app={app}
      heading={shared('decide.approve')}
      decision="approve"
      intro={approveText(request)}
      confirm={{
        title: t('approve.title', { id: request.id }),
        description: credit ? t('approve.credit', { amount: credit }) : t('approve.notify'),
        confirmLabel: credit
          ? t('approve.confirmCredit', { amount: credit })
          : t('approve.confirm'),
        items: (v) => confirmItems(request, v),
      }}
    >
      {request.type === 'withdraw' || request.type === 'close' ? (
        <TextField
          label={t(request.type === 'close' ? 'approve.leftInId' : 'approve.confirmed')}
          {...INPUT.amount}
          hint={t(request.type === 'close' ? 'approve.closeHint' : 'approve.withdrawHint')}
          {...app.field('amount')}
        />
      ) : null}
      {request.type === 'change_password' ? (
        <PasswordWithGenerator
          label={t('approve.newPassword')}
          hint={request.password ? t('approve.passwordHint') : undefined}
        />
      ) : null}
      <ReuseCommentField flag={flag} />
    </DecisionPanel>
  );
}
