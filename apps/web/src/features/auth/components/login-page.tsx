import { LoginBodySchema, ROUTES } from '@iddesk/contract';
import { Link } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { login } from '../api/login';
import { AuthCard, useSignIn } from './auth-card';

export function LoginPage() {
  const signIn = useSignIn();
  const app = useAppForm({
    schema: LoginBodySchema,
    defaultValues: { login: '', password: '' },
    submit: login,
    onSuccess: signIn,
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
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField
          label="Email or phone"
          {...INPUT.code}
          autoComplete="username"
          {...app.field('login')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          {...app.field('password')}
        />
        <div className="-mt-2 text-right">
          <Link
            to={ROUTES.forgotPassword}
            className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" loading={app.loading} className="w-full">
          Log in
        </Button>
      </AppForm>
    </AuthCard>
  );
}
