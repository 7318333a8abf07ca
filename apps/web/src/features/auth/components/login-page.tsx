import {
  ACCOUNT_BLOCKED_MESSAGE,
  LoginBodySchema,
  ROUTES,
  SecondFactorCodeBodySchema,
} from '@iddesk/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useSession } from '../../../lib/session';
import { useAppForm } from '../../../lib/use-app-form';
import { login, loginSecondFactor } from '../api/login';
import { AuthCard, useSignIn } from './auth-card';

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
  const signIn = useSignIn();
  const app = useAppForm({
    schema: SecondFactorCodeBodySchema,
    defaultValues: { code: '' },
    submit: ({ code }) => loginSecondFactor({ challenge, code }),
    onSuccess: signIn,
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
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField
          label="Code"
          {...INPUT.code}
          autoComplete="one-time-code"
          autoFocus
          {...app.field('code')}
        />
        <Button type="submit" size="lg" loading={app.loading} className="w-full">
          Verify
        </Button>
      </AppForm>
    </AuthCard>
  );
}

function PasswordStep({ onChallenge }: { onChallenge: (challenge: string) => void }) {
  const signIn = useSignIn();
  const { ended } = useSession();
  const app = useAppForm({
    schema: LoginBodySchema,
    defaultValues: { login: '', password: '' },
    // A refused sign-in (wrong login or password, a blocked account) is about the pair, not
    // the email field: it shows at the top of the form (issue 17).
    fields: [],
    submit: login,
    onSuccess: async (data) => {
      if ('challenge' in data) onChallenge(data.challenge);
      else await signIn(data);
    },
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
        {/* Staff blocked the account while it was signed in: say so, until a new attempt. */}
        {ended === 'blocked' && !app.formError ? (
          <FormAlert message={ACCOUNT_BLOCKED_MESSAGE} />
        ) : null}
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
