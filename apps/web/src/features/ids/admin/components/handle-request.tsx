import type { IdRequest } from '@iddesk/contract';
import { useMemo } from 'react';
import type { SummaryItem } from '../../../../components/ui/confirm-dialog';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import type { ApiResponse } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { ReuseCommentField } from '../../../staff';
import { PasswordWithGenerator } from './approve-new-id';
import { approveRequestSchema, type ApproveBody } from './id-approve-schemas';

type HandleRequestProps = {
  request: IdRequest;
  submit: (body: ApproveBody, idempotencyKey: string) => Promise<ApiResponse<unknown>>;
  onDone: () => unknown;
};

/** What approving does, per type, in one sentence for the admin. */
function approveText(request: IdRequest): string {
  const asked = request.amount ? formatMoney(request.amount) : '';
  switch (request.type) {
    case 'deposit':
      return request.pay_from === 'wallet'
        ? `Put ${asked} into the ID. Approving settles the hold on the customer’s wallet.`
        : `Check the payment, put ${asked} into the ID, then approve.`;
    case 'withdraw':
      return `Take the money out of the ID (the customer asked for ${asked}) and enter what you took: that amount is credited to their wallet.`;
    case 'close':
      return 'Close the ID on the service and enter what was left in it: that amount is credited to the customer’s wallet.';
    case 'change_password':
      return request.password
        ? 'Set the password the customer asked for (or another), then approve: they see it at once.'
        : 'Set a new password on the service, then approve: the customer sees it at once.';
    default:
      return 'Approve the request.';
  }
}

function confirmItems(request: IdRequest, body: ApproveBody): SummaryItem[] {
  const items: SummaryItem[] = [
    { label: 'Customer', value: request.user?.name ?? '—' },
    { label: 'ID', value: `${request.id_object.item.name} @${request.id_object.username}` },
  ];
  if (body.amount !== undefined) {
    items.push({ label: 'Credited to the wallet', value: formatMoney(body.amount) });
  } else if (request.amount) {
    items.push({ label: 'Amount', value: formatMoney(request.amount) });
  }
  if (body.password) items.push({ label: 'New password', value: body.password });
  if (typeof body.comment === 'string')
    items.push({ label: 'Flag confirmed', value: body.comment });
  return items;
}

/** The approve half of `/admin/requests/{id}`, with the field its type needs. */
export function HandleRequest({ request, submit, onDone }: HandleRequestProps) {
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
      heading="Approve"
      decision="approve"
      intro={approveText(request)}
      confirm={{
        title: `Approve request #${request.id}?`,
        description: credit
          ? `${credit} is credited to the customer’s wallet. This cannot be undone.`
          : 'The customer is notified at once. This cannot be undone.',
        confirmLabel: credit ? `Approve and credit ${credit}` : 'Approve request',
        items: (v) => confirmItems(request, v),
      }}
    >
      {request.type === 'withdraw' || request.type === 'close' ? (
        <TextField
          label={request.type === 'close' ? 'Amount left in the ID' : 'Confirmed amount'}
          {...INPUT.amount}
          hint={
            request.type === 'close'
              ? 'Credited to the customer’s wallet; 0 if the ID is empty.'
              : 'Credited to the customer’s wallet.'
          }
          {...app.field('amount')}
        />
      ) : null}
      {request.type === 'change_password' ? (
        <PasswordWithGenerator
          label="New password"
          hint={
            request.password ? 'Filled in with the password the customer asked for.' : undefined
          }
        />
      ) : null}
      <ReuseCommentField flag={flag} />
    </DecisionPanel>
  );
}
