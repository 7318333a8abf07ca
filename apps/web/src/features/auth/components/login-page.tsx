import { type LoginResult, PASSWORD_MIN_LENGTH, ROUTES } from '@iddesk/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppForm, NewPasswordFields } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useSession } from '../../../lib/session';
import { useAppForm } from '../../../lib/use-app-form';
import { login, loginNewPassword, loginSecondFactor } from '../api/login';
import { auth } from '../i18n';
import { loginSchema, newPasswordSchema, secondFactorCodeSchema } from '../schema-loaders';
import { AuthCard, useSignIn } from './auth-card';

/** What the server asks for after the password: a code, or (a generated password) a new one. */
type Step = { kind: 'code' | 'newPassword'; challenge: string };

/** Where a sign-in answer leads: a token signs in; a challenge opens its step. */
function useNextStep(setStep: (step: Step) => void) {
  const signIn = useSignIn();
  return async (data: LoginResult, message?: string | null) => {
    if ('password_change_required' in data) setStep({ kind: 'newPassword', challenge: data.challenge });
    else if ('second_factor_required' in data) setStep({ kind: 'code', challenge: data.challenge });
    else await signIn(data, message);
  };
}

export function LoginPage() {
  const [step, setStep] = useState<Step | null>(null);
  const restart = () => setStep(null);
  if (step?.kind === 'code') return <CodeStep challenge={step.challenge} onRestart={restart} />;
  if (step?.kind === 'newPassword') {
    return <NewPasswordStep challenge={step.challenge} onStep={setStep} onRestart={restart} />;
  }
  return <PasswordStep onStep={setStep} />;
}

/**
 * The first sign-in with a generated password (the first admin's): the server gives no token
 * until the user chose their own password (docs/operations.md, "First sign-in").
 */
function NewPasswordStep({
  challenge,
  onStep,
  onRestart,
}: {
  challenge: string;
  onStep: (step: Step) => void;
  onRestart: () => void;
}) {
  const t = auth.useT();
  const next = useNextStep(onStep);
  const app = useAppForm({
    schema: newPasswordSchema,
    defaultValues: { challenge, password: '', password_confirmation: '' },
    // The challenge is no field: a refusal of it (expired) shows at the top of the form.
    fields: ['password', 'password_confirmation'],
    submit: loginNewPassword,
    action: { successNotify: false },
    onSuccess: (data, _values, _form, message) => next(data, message),
  });

  return (
    <AuthCard
      title={t('newPassword.title')}
      description={t('newPassword.description')}
      footer={<RestartButton label={t('code.restart')} onRestart={onRestart} />}
    >
      <AppForm app={app} className="flex flex-col gap-5">
        <NewPasswordFields
          label={t('password.new')}
          confirmLabel={t('password.confirmNew')}
          hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
        />
        <Button type="submit" size="lg" loading={app.loading} className="w-full">
          {t('newPassword.submit')}
        </Button>
      </AppForm>
    </AuthCard>
  );
}

function RestartButton({ label, onRestart }: { label: string; onRestart: () => void }) {
  return (
    <button
      type="button"
      onClick={onRestart}
      className="font-semibold text-white underline underline-offset-4 hover:text-teal-200"
    >
      {label}
    </button>
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
      footer={<RestartButton label={t('code.restart')} onRestart={onRestart} />}
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

function PasswordStep({ onStep }: { onStep: (step: Step) => void }) {
  const t = auth.useT();
  const next = useNextStep(onStep);
  const { ended } = useSession();
  const app = useAppForm({
    schema: loginSchema,
    defaultValues: { login: '', password: '' },
    // A refused sign-in (wrong login or password, a blocked account) is about the pair, not
    // the email field: it shows at the top of the form (issue 17).
    fields: [],
    submit: login,
    // Said by signIn once the person is where they are going; the next step explains itself.
    action: { successNotify: false },
    onSuccess: (data, _values, _form, message) => next(data, message),
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
