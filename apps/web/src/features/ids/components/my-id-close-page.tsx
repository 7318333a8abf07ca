import { ROUTES, type UserId } from '@iddesk/contract';
import { AlertTriangle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AppForm } from '../../../components/ui/app-form';
import { FormConfirm } from '../../../components/ui/form-confirm';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAppForm } from '../../../lib/use-app-form';
import { useCloseId } from '../api/close-id';
import { idActionState } from './id-actions-state';
import { IdIdentity } from './id-identity';
import { NotAvailable } from './not-available';
import { UserIdGate } from './user-id-gate';
import { idsText } from '../i18n';

const NoFields = z.object({});

function Close({ userId }: { userId: UserId }) {
  const navigate = useNavigate();
  const mutation = useCloseId();
  const t = idsText.useT();
  const app = useAppForm({
    schema: NoFields,
    defaultValues: {},
    confirm: true,
    submit: (_values, idempotencyKey) => mutation.mutateAsync({ id: userId.id, idempotencyKey }),
    action: { successMessage: t('close.success') },
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
          {t('close.warning')}
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5">
          <li>{t('close.point1')}</li>
          <li>{t('close.point2')}</li>
          <li>{t('close.point3')}</li>
          <li>{t('close.point4', { name: userId.item.name })}</li>
        </ul>
      </section>
      <AppForm app={app} className="flex flex-col gap-6">
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to={ROUTES.myId(userId.id)} variant="secondary">
            {t('close.keep')}
          </ButtonLink>
          <Button type="submit" variant="danger">
            {t('close.submit')}
          </Button>
        </div>
      </AppForm>
      <FormConfirm
        app={app}
        title={t('close.confirmTitle', { name: userId.item.name })}
        description={t('close.confirmDescription')}
        confirmLabel={t('close.confirmLabel')}
        tone="danger"
        items={() => [
          { label: t('deposit.id'), value: `${userId.item.name} @${userId.username}` },
          { label: t('close.balanceTo'), value: t('yourWallet') },
        ]}
      />
    </div>
  );
}

/** `/my_ids/{id}/close`: a clear warning, then a request to close the ID. */
export function MyIdClosePage() {
  const t = idsText.useT();
  return (
    <UserIdGate
      title={() => t('close.title')}
      description={t('close.description')}
      back="details"
    >
      {(userId) => <Close userId={userId} />}
    </UserIdGate>
  );
}
