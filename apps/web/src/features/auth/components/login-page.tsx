import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AuthResult,
  LoginBodySchema,
  ROUTES,
  SecondFactorCodeBodySchema,
} from '@iddesk/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { firstFieldError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/form-errors';
import { session } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { mustEnrolSecondFactor, useLogin, useLoginSecondFactor } from '../api/login';
import { AuthCard } from './auth-card';

const FIELDS = ['login', 'password'] as const;

/** Signed in: a staff account that must enrol a second factor goes to do that first. */
async function afterSignIn(data: AuthResult, navigate: ReturnType<typeof useNavigate>) {
  session.start(data.api_token, data.type === 'admin');
  if (data.type === 'admin' && (await mustEnrolSecondFactor())) {
    await navigate(ROUTES.secondFactor, { replace: true });
    return;
  }
  await navigate(ROUTES.home, { replace: true });
}

export function LoginPage() {
  const [challenge, setChallenge] = useState<string | null>(null);
  return challenge ? (
    <CodeStep challenge={challenge} onRestart={() => setChallenge(null)} />
  ) : (
    <PasswordStep onChallenge={setChallenge} />
  );
}

/** Step two for an account with a second factor: a code from the app, or a recovery code. */
function CodeStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const mutation = useLoginSecondFactor();
  const { run, loading } = useAction();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(SecondFactorCodeBodySchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await run(() => mutation.mutateAsync({ challenge, code: values.code }));
    if (result.ok) {
      await afterSignIn(result.data, navigate);
      return;
    }
    if (!applyFieldErrors(result.error, setError, ['code'] as const))
      setFormError(firstFieldError(result.error));
  });

  return (
    <AuthCard
      title="Enter your code"
      description="Open your authenticator app and enter the 6-digit code for ID Desk. Lost your phone? Enter one of your recovery codes."
      footer={
        <button
          type="button"
          onClick={onRestart}
          className="font-semibold text-white underline underline-offset-4 hover:text-teal-200"
        >
          Start again
        </button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <TextField
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" size="lg" loading={loading} className="w-full">
          Verify
        </Button>
      </form>
    </AuthCard>
  );
}

function PasswordStep({ onChallenge }: { onChallenge: (challenge: string) => void }) {
  const navigate = useNavigate();
  const mutation = useLogin();
  const { run, loading } = useAction();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { login: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await run(() => mutation.mutateAsync(values));
    if (result.ok) {
      if ('challenge' in result.data) onChallenge(result.data.challenge);
      else await afterSignIn(result.data, navigate);
      return;
    }
    if (!applyFieldErrors(result.error, setError, FIELDS))
      setFormError(firstFieldError(result.error));
  });

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Use the email or phone number you registered with."
      footer={
        <>
          New to ID Desk?{' '}
          <Link
            to={ROUTES.register}
            className="font-semibold text-white underline underline-offset-4 hover:text-teal-200"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <TextField
          label="Email or phone"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.login?.message}
          {...register('login')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="-mt-2 text-right">
          <Link
            to={ROUTES.forgotPassword}
            className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" loading={loading} className="w-full">
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
