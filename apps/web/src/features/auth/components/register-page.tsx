import { RegisterBodySchema, ROUTES } from '@iddesk/contract';
import { Link } from 'react-router';
import { AppForm, NewPasswordFields } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { register } from '../api/register';
import { AuthCard, useSignIn } from './auth-card';

export function RegisterPage() {
  const signIn = useSignIn();
  const app = useAppForm({
    schema: RegisterBodySchema,
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
    submit: register,
    onSuccess: signIn,
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
      <AppForm app={app} className="flex flex-col gap-5">
        <TextField label="Name" autoComplete="name" {...app.field('name')} />
        <TextField label="Email" {...INPUT.email} {...app.field('email')} />
        <TextField
          label="Phone"
          {...INPUT.phone}
          placeholder="+91 98765 43210"
          {...app.field('phone')}
        />
        <NewPasswordFields />
        <Button type="submit" size="lg" loading={app.loading} className="w-full">
          Create account
        </Button>
      </AppForm>
    </AuthCard>
  );
}
