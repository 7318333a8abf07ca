import { ROUTES, type UserId } from '@iddesk/contract';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog, SummaryList } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { firstFieldError } from '../../../lib/api-error';
import { useAction } from '../../../lib/use-action';
import { useCloseId } from '../api/close-id';
import { idActionState } from './id-actions-state';
import { IdIdentity } from './id-identity';
import { NotAvailable } from './not-available';
import { UserIdGate } from './user-id-gate';

function Close({ userId }: { userId: UserId }) {
  const navigate = useNavigate();
  const mutation = useCloseId();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const state = idActionState(userId, 'close');
  if (!state.enabled) return <NotAvailable userId={userId} reason={state.reason} />;

  const send = async () => {
    setFormError(null);
    const result = await run(() => mutation.mutateAsync(userId.id), {
      successMessage: 'Close requested. The desk returns the balance to your wallet.',
    });
    setConfirming(false);
    if (result.ok) await navigate(ROUTES.myId(userId.id));
    else setFormError(firstFieldError(result.error));
  };

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
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={ROUTES.myId(userId.id)} variant="secondary">
          Keep this ID
        </ButtonLink>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Close ID
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Close your ${userId.item.name} ID?`}
        description="This cannot be undone. The remaining balance comes back to your wallet once the desk confirms it."
        confirmLabel="Yes, close this ID"
        tone="danger"
        loading={loading}
        onConfirm={() => void send()}
      >
        <SummaryList
          items={[
            { label: 'ID', value: `${userId.item.name} @${userId.username}` },
            { label: 'Balance goes to', value: 'Your wallet' },
          ]}
        />
      </ConfirmDialog>
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
