import { ROUTES, type CatalogueItem } from '@iddesk/contract';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useCreateUserId } from '../api/create-user-id';
import { useMoneyLimits } from '../../site';
import { amountRangeHint, createIdFormSchema, type CreateIdFormValues } from './id-form-schemas';
import { PaymentForm } from './payment-fields';

function UsernameField() {
  const { register, formState } = useFormContext<CreateIdFormValues>();
  return (
    <TextField
      label="Username"
      {...INPUT.code}
      hint="3–32 letters, digits, dots, underscores or hyphens; no spaces."
      error={formState.errors.username?.message}
      {...register('username')}
    />
  );
}

type CreateIdFormProps = { item: CatalogueItem; balance: string | undefined };

/** Username, amount and payment, a confirmation, then off to My IDs. */
export function CreateIdForm({ item, balance }: CreateIdFormProps) {
  const mutation = useCreateUserId();
  const moneyLimits = useMoneyLimits();
  const limits = useMemo(
    () => ({ minDeposit: item.min_deposit, balance, owners: { limits: moneyLimits, operation: 'id_create' as const } }),
    [item, balance, moneyLimits],
  );
  const schema = useMemo(() => createIdFormSchema(limits), [limits]);
  return (
    <Card>
      <h2 className="mb-5 text-lg font-semibold text-slate-900">Your new ID</h2>
      <PaymentForm
        schema={schema}
        extraValues={{ username: '' }}
        limits={limits}
        amountHint={`${amountRangeHint(limits) ?? ''}. This goes into the new ID.`}
        submitLabel="Request ID"
        submit={(values, idempotencyKey) =>
          mutation.mutateAsync({
            ...values,
            username: values.username ?? '',
            itemId: item.id,
            idempotencyKey,
          })
        }
        successMessage="ID requested. We will send you its login once the desk approves it."
        done={ROUTES.myIds}
        confirm={{
          title: `Request a ${item.name} ID?`,
          wallet:
            'The amount is held from your wallet now. If the desk rejects the request, it comes back.',
          payment: 'The desk checks your payment, then creates the ID and sends you its login.',
          label: 'Confirm request',
          items: (v) => [
            { label: 'Service', value: item.name },
            { label: 'Username', value: v.username ?? '' },
          ],
        }}
      >
        <UsernameField />
      </PaymentForm>
    </Card>
  );
}
