import { ROUTES, type UserId } from '@iddesk/contract';
import { AlertTriangle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AppForm, FormConfirm } from '../../../components/ui/app-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAppForm } from '../../../lib/use-app-form';
import { useCloseId } from '../api/close-id';
import { idActionState } from './id-actions-state';
import { IdIdentity } from './id-identity';
import { NotAvailable } from './not-available';
import { UserIdGate } from './user-id-gate';

const NoFields = z.object({});

function Close({ userId }: { userId: UserId }) {
  const navigate = useNavigate();
  const mutation = useCloseId();
  const app = useAppForm({
    schema: NoFields,
    defaultValues: {},
    confirm: true,
    submit: (_values, idempotencyKey) => mutation.mutateAsync({ id: userId.id, idempotencyKey }),
    action: { successMessage: 'Close requested. The desk returns the balance to your wallet.' },
    onSuccess: () => navigate(ROUTES.myId(userId.id)),
  });
  const state = idActionState(userId, 'close');
  if (!state.enabled) return <NotAvailable userId={userId} reason={state.reason} />;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <Card>
        <IdIdentity userId={userId} />
      </Card>
      <section
        aria-labelledby="close-warning"
        className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
      >
        <h2 id="close-warning" className="flex items-center gap-2 text-lg font-semibold">
          <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
          Closing is permanent
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5">
          <li>
            The desk checks what is left in the ID and credits <strong>that amount</strong> to your
            wallet. You see it in your balance once the close is approved.
          </li>
          <li>The ID’s login stops working and it cannot be opened again.</li>
          <li>No more deposits, withdrawals or password changes on this ID.</li>
          <li>To use {userId.item.name} again later, you request a new ID.</li>
        </ul>
      </section>
      <AppForm app={app} className="flex flex-col gap-6">
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to={ROUTES.myId(userId.id)} variant="secondary">
            Keep this ID
          </ButtonLink>
          <Button type="submit" variant="danger">
            Close ID
          </Button>
        </div>
      </AppForm>
      <FormConfirm
        app={app}
        title={`Close your ${userId.item.name} ID?`}
        description="This cannot be undone. The remaining balance comes back to your wallet once the desk confirms it."
        confirmLabel="Yes, close this ID"
        tone="danger"
        items={() => [
          { label: 'ID', value: `${userId.item.name} @${userId.username}` },
          { label: 'Balance goes to', value: 'Your wallet' },
        ]}
      />
    </div>
  );
}

/** `/my_ids/{id}/close`: a clear warning, then a request to close the ID. */
export function MyIdClosePage() {
  return (
    <UserIdGate
      title={() => 'Close ID'}
      description="Close this ID for good and return its balance to your wallet."
      back="details"
    >
      {(userId) => <Close userId={userId} />}
    </UserIdGate>
  );
}
