import { zodResolver } from '@hookform/resolvers/zod';
import type { IdRequest } from '@iddesk/contract';
import { Wand2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import {
  ConfirmDialog,
  SummaryList,
  type SummaryItem,
} from '../../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import type { ActionResult } from '../../../../lib/action';
import { showServerErrors } from '../../../../lib/form-errors';
import { formatMoney } from '../../../../lib/money';
import {
  approveRequestSchema,
  generatePassword,
  type ApproveBody,
  type HandleFormValues,
} from './id-approve-schemas';

type HandleRequestProps = {
  request: IdRequest;
  loading: boolean;
  onApprove: (body: ApproveBody) => Promise<ActionResult<unknown>>;
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
  return items;
}

/** The approve half of `/admin/requests/{id}`, with the field its type needs. */
export function HandleRequest({ request, loading, onApprove }: HandleRequestProps) {
  const [confirming, setConfirming] = useState<ApproveBody | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(approveRequestSchema(request.type)), [request.type]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<HandleFormValues, unknown, ApproveBody>({
    resolver,
    defaultValues: {
      amount: request.type === 'withdraw' ? (request.amount ?? '') : '',
      password: request.password ?? '',
    },
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    setConfirming(body);
  });

  const approve = async () => {
    if (!confirming) return;
    const result = await onApprove(confirming);
    setConfirming(null);
    if (!result.ok) setFormError(showServerErrors(result.error, setError, ['amount', 'password']));
  };

  const credit = confirming?.amount !== undefined ? formatMoney(confirming.amount) : null;

  return (
    <section aria-labelledby="approve-heading">
      <h2 id="approve-heading" className="text-lg font-semibold text-slate-900">
        Approve
      </h2>
      <p className="mt-1 text-slate-600">{approveText(request)}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <FormAlert message={formError} />
        {request.type === 'withdraw' || request.type === 'close' ? (
          <TextField
            label={request.type === 'close' ? 'Amount left in the ID' : 'Confirmed amount'}
            leading="₹"
            inputMode="decimal"
            autoComplete="off"
            hint={
              request.type === 'close'
                ? 'Credited to the customer’s wallet; 0 if the ID is empty.'
                : 'Credited to the customer’s wallet.'
            }
            error={errors.amount?.message}
            {...register('amount')}
          />
        ) : null}
        {request.type === 'change_password' ? (
          <div className="flex flex-col gap-2">
            <TextField
              label="New password"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              hint={
                request.password ? 'Filled in with the password the customer asked for.' : undefined
              }
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
        ) : null}
        <div>
          <Button type="submit">Approve</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Approve request #${request.id}?`}
        description={
          credit
            ? `${credit} is credited to the customer’s wallet. This cannot be undone.`
            : 'The customer is notified at once. This cannot be undone.'
        }
        confirmLabel={credit ? `Approve and credit ${credit}` : 'Approve request'}
        loading={loading}
        onConfirm={() => void approve()}
      >
        {confirming ? <SummaryList items={confirmItems(request, confirming)} /> : null}
      </ConfirmDialog>
    </section>
  );
}
