import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, RegisterBodySchema, ROUTES } from '@iddesk/contract';
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
import { useRegister } from '../api/register';
import { AuthCard } from './auth-card';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const mutation = useRegister();
  const { run, loading } = useAction();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterBodySchema),
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
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
      title="Create your account"
      description="It takes a minute. Your wallet and IDs live in one place."
      footer={
        <>
          Already registered?{' '}
          <Link
            to={ROUTES.login}
            className="font-semibold text-white underline underline-offset-4 hover:text-teal-200"
          >
            Log in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+91 98765 43210"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Button type="submit" size="lg" loading={loading} className="w-full">
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
