import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBodySchema, PASSWORD_RESET_SENT_MESSAGE, ROUTES } from '@iddesk/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextField } from '../../../components/ui/text-field';
import { firstFieldError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSiteSettings } from '../../site';
import { useAction } from '../../../lib/use-action';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** SPEC.md §2 /forgot_password: an email address in, a reset link out (if it has an account). */
export function ForgotPasswordPage() {
  const { contact_phone: phone } = useSiteSettings();
  const mutation = useRequestPasswordReset();
  const { run, loading } = useAction();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // The answer shows on the page, so no toast repeats it.
    const result = await run(() => mutation.mutateAsync(values), { successNotify: false });
    if (result.ok) {
      setSentTo({ email: values.email, message: result.message ?? PASSWORD_RESET_SENT_MESSAGE });
      return;
    }
    if (!applyFieldErrors(result.error, setError, ['email']))
      setFormError(firstFieldError(result.error));
  });

  const help = phone
    ? `No longer use that address? Call us on ${phone}.`
    : 'No longer use that address? Contact our support desk.';

  return (
    <>
      <PageHeading
        title="Forgot password"
        description="Enter the email address of your account and we will send you a link to choose a new password."
      />
      <Card className="max-w-xl">
        {sentTo ? (
          <div role="status" className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
              <MailCheck className="size-6" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="text-lg font-semibold text-slate-900">Check your email</h2>
              <p className="mt-1 text-slate-700">{sentTo.message}</p>
              <p className="mt-2 text-sm text-slate-600">
                We sent it to{' '}
                <span className="break-all font-medium text-slate-800">{sentTo.email}</span>.
                Nothing after a few minutes? Look in the spam folder, or send it again.
              </p>
              <div className="mt-4 flex flex-wrap gap-3">
                <ButtonLink to={ROUTES.login}>Back to log in</ButtonLink>
                <Button
                  variant="secondary"
                  onClick={() => {
                    reset({ email: sentTo.email });
                    setSentTo(null);
                  }}
                >
                  Send again
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
            <FormAlert message={formError} />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.email?.message}
              {...register('email')}
            />
            <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
              <Button type="submit" loading={loading}>
                Send reset link
              </Button>
              <Link
                to={ROUTES.login}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                Back to log in
              </Link>
            </div>
          </form>
        )}
      </Card>
      <p className="mt-4 max-w-xl text-sm text-slate-600">{help}</p>
    </>
  );
}
