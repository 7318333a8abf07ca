import { PASSWORD_MIN_LENGTH, ROUTES } from '@iddesk/contract';
import { Link } from 'react-router';
import { AppForm, NewPasswordFields } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { register } from '../api/register';
import { auth } from '../i18n';
import { registerSchema } from '../schema-loaders';
import { AuthCard, useSignIn } from './auth-card';

export function RegisterPage() {
  const t = auth.useT();
  const signIn = useSignIn();
  const app = useAppForm({
    schema: registerSchema,
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
    submit: register,
    onSuccess: (data) => signIn(data),
  });

  return (
    <AuthCard
      title={t('register.title')}
      description={t('register.description')}
      footer={
        <>
          {t('register.already')}{' '}
          <Link
            to={ROUTES.login}
            className="font-semibold text-white underline underline-offset-4 hover:text-teal-200"
          >
            {t('register.login')}
          </Link>
        </>
      }
    >
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField label={t('register.name')} autoComplete="name" {...app.field('name')} />
        <TextField label={t('register.email')} {...INPUT.email} {...app.field('email')} />
        <TextField
          label={t('register.phone')}
          {...INPUT.phone}
          placeholder="+91 98765 43210"
          {...app.field('phone')}
        />
        <NewPasswordFields
          label={t('password.label')}
          confirmLabel={t('password.confirm')}
          hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
        />
        <Button type="submit" size="lg" loading={app.loading} className="w-full">
          {t('register.submit')}
        </Button>
      </AppForm>
    </AuthCard>
  );
}
