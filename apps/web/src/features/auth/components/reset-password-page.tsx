import { PASSWORD_MIN_LENGTH, ROUTES } from '@iddesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { AppForm, NewPasswordFields } from '../../../components/ui/app-form';
import { ListError } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { session } from '../../../lib/session';
import { useAppForm } from '../../../lib/use-app-form';
import { useResetToken } from '../api/check-reset-token';
import { resetPassword } from '../api/reset-password';
import { auth } from '../i18n';
import { resetPasswordSchema } from '../schema-loaders';
import { IconBadge } from '../../../components/ui/icon-badge';

/** A 422 means the link itself is bad (unknown, used, expired or replaced). */
const isRefusedLink = (error: unknown) => error instanceof ApiError && error.status === 422;

/** /reset_password/{id} (docs/product.md#accounts): the link is checked first, then a new password is set. */
export function ResetPasswordPage() {
  const t = auth.useT();
  const { id: token = '' } = useParams();
  const check = useResetToken(token);
  const [refused, setRefused] = useState(false);

  let body;
  if (refused || (check.isError && isRefusedLink(check.error))) body = <InvalidLink />;
  else if (check.isPending)
    body = (
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5 text-brand-700" />
        {t('reset.checking')}
      </div>
    );
  else if (check.isError)
    body = (
      <ListError
        message={check.error.message}
        onRetry={() => void check.refetch()}
        retrying={check.isFetching}
      />
    );
  else body = <NewPasswordForm token={token} onRefused={() => setRefused(true)} />;

  return (
    <>
      <PageHeading title={t('reset.title')} description={t('reset.description')} />
      <Card className="max-w-xl">{body}</Card>
    </>
  );
}

function InvalidLink() {
  const t = auth.useT();
  return (
    <div role="alert" className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <IconBadge icon={LinkIcon} tone="warning" />
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-slate-900">{t('reset.invalidTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('reset.invalid')}</p>
        <p className="mt-2 text-sm text-slate-600">{t('reset.invalidHint')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={ROUTES.forgotPassword}>{t('reset.requestNew')}</ButtonLink>
          <ButtonLink to={ROUTES.login} variant="secondary">
            {t('reset.backToLogin')}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

function NewPasswordForm({ token, onRefused }: { token: string; onRefused: () => void }) {
  const t = auth.useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const app = useAppForm({
    schema: resetPasswordSchema,
    defaultValues: { token, password: '', password_confirmation: '' },
    submit: resetPassword,
    action: { successMessage: t('reset.done') },
    onSuccess: async () => {
      // Every session of the account has ended, this browser's too.
      if (session.token()) {
        session.clear();
        queryClient.clear();
      }
      await navigate(ROUTES.login, { replace: true });
    },
    onFailure: (error) => {
      if (error.fieldErrors?.token) onRefused();
      return Boolean(error.fieldErrors?.token);
    },
  });

  return (
    <AppForm app={app} className="flex flex-col gap-5">
      <NewPasswordFields
        label={t('password.new')}
        confirmLabel={t('password.confirmNew')}
        hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
      />
      <div>
        <Button type="submit" loading={app.loading}>
          {t('reset.submit')}
        </Button>
      </div>
    </AppForm>
  );
}
