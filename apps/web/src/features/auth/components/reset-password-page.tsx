import { PASSWORD_RESET_INVALID_MESSAGE, ResetPasswordBodySchema, ROUTES } from '@iddesk/contract';
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

/** A 422 means the link itself is bad (unknown, used, expired or replaced). */
const isRefusedLink = (error: unknown) => error instanceof ApiError && error.status === 422;

/** SPEC.md §2 /reset_password/{id}: the link is checked first, then a new password is set. */
export function ResetPasswordPage() {
  const { id: token = '' } = useParams();
  const check = useResetToken(token);
  const [refused, setRefused] = useState(false);

  let body;
  if (refused || (check.isError && isRefusedLink(check.error))) body = <InvalidLink />;
  else if (check.isPending)
    body = (
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5 text-brand-700" />
        Checking your link…
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
      <PageHeading
        title="Choose a new password"
        description="Setting a new password signs you out on every device."
      />
      <Card className="max-w-xl">{body}</Card>
    </>
  );
}

function InvalidLink() {
  return (
    <div role="alert" className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-amber-50 text-amber-700">
        <LinkIcon className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-slate-900">This link cannot be used</h2>
        <p className="mt-1 text-slate-700">{PASSWORD_RESET_INVALID_MESSAGE}</p>
        <p className="mt-2 text-sm text-slate-600">
          A reset link works once, for 60 minutes, and only the newest one you asked for.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={ROUTES.forgotPassword}>Request a new link</ButtonLink>
          <ButtonLink to={ROUTES.login} variant="secondary">
            Back to log in
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

function NewPasswordForm({ token, onRefused }: { token: string; onRefused: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const app = useAppForm({
    schema: ResetPasswordBodySchema,
    defaultValues: { token, password: '', password_confirmation: '' },
    submit: resetPassword,
    action: { successMessage: 'Your password has been reset. Log in with the new one.' },
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
      <NewPasswordFields label="New password" />
      <div>
        <Button type="submit" loading={app.loading}>
          Set new password
        </Button>
      </div>
    </AppForm>
  );
}
