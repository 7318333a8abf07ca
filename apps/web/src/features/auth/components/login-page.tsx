import { ROUTES } from '@iddesk/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useSession } from '../../../lib/session';
import { useAppForm } from '../../../lib/use-app-form';
import { login, loginSecondFactor } from '../api/login';
import { auth } from '../i18n';
import { loginSchema, secondFactorCodeSchema } from '../schema-loaders';
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
  const t = auth.useT();
  const signIn = useSignIn();
  const app = useAppForm({
    schema: secondFactorCodeSchema,
    defaultValues: { code: '' },
    submit: ({ code }) => loginSecondFactor({ challenge, code }),
    // Said by signIn once the person is where they are going.
    action: { successNotify: false },
    onSuccess: (data, _values, _form, message) => signIn(data, message),
  });

  return (
    <AuthCard
      title={t('code.title')}
      description={t('code.description')}
      footer={
        <button
          type="button"
          onClick={onRestart}
          className="font-semibold text-white underline underline-offset-4 hover:text-teal-200"
        >
          {t('code.restart')}
        </button>
      }
    >
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField
          label={t('code.label')}
          {...INPUT.code}
          autoComplete="one-time-code"
          autoFocus
          {...app.field('code')}
        />
        <Button type="submit" size="lg" loading={app.loading} className="w-full">
          {t('code.submit')}
        </Button>
      </AppForm>
    </AuthCard>
  );
}

function PasswordStep({ onChallenge }: { onChallenge: (challenge: string) => void }) {
  const t = auth.useT();
  const signIn = useSignIn();
  const { ended } = useSession();
  const app = useAppForm({
    schema: loginSchema,
    defaultValues: { login: '', password: '' },
    // A refused sign-in (wrong login or password, a blocked account) is about the pair, not
    // the email field: it shows at the top of the form (issue 17).
    fields: [],
    submit: login,
    // Said by signIn once the person is where they are going; the code step explains itself.
    action: { successNotify: false },
    onSuccess: async (data, _values, _form, message) => {
      if ('challenge' in data) onChallenge(data.challenge);
      else await signIn(data, message);
    },
  });

  return (
    <AuthCard
      title={t('login.title')}
      description={t('login.description')}
      footer={
        <>
          {t('login.newHere')}{' '}
          <Link
            to={ROUTES.register}
            className="font-semibold text-white underline underline-offset-4 hover:text-teal-200"
          >
            {t('login.createAccount')}
          </Link>
        </>
      }
    >
      <AppForm app={app} className="flex flex-col gap-5">
        {/* Staff blocked the account while it was signed in: say so, until a new attempt. */}
        {ended === 'blocked' && !app.formError ? (
          <FormAlert message={t('login.blocked')} />
        ) : null}
        <TextField
          label={t('login.loginLabel')}
          {...INPUT.code}
          autoComplete="username"
          {...app.field('login')}
        />
        <TextField
          label={t('login.password')}
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
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" loading={app.loading} className="w-full">
          {t('login.submit')}
        </Button>
      </AppForm>
    </AuthCard>
  );
}
