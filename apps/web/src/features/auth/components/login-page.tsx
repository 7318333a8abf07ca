import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema, ROUTES } from '@iddesk/contract';
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
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

const FIELDS = ['login', 'password'] as const;

export function LoginPage() {
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
      session.start(result.data.api_token, result.data.type === 'admin');
      await navigate(ROUTES.home, { replace: true });
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
