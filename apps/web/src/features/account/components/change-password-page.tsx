import { UpdatePasswordBodySchema } from '@iddesk/contract';
import { AppForm, NewPasswordFields } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { updatePassword } from '../api/update-password';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordPage() {
  const app = useAppForm({
    schema: UpdatePasswordBodySchema,
    defaultValues: EMPTY,
    submit: updatePassword,
    action: { successMessage: 'Password changed.' },
    onSuccess: (_data, _values, form) => form.reset(EMPTY),
  });

  return (
    <>
      <PageHeading
        title="Change password"
        description="You stay signed in here; your other devices are signed out."
      />
      <Card className="max-w-xl">
        <AppForm app={app} className="flex flex-col gap-5">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            {...app.field('current_password')}
          />
          <NewPasswordFields label="New password" />
          <div>
            <Button type="submit" loading={app.loading}>
              Change password
            </Button>
          </div>
        </AppForm>
      </Card>
    </>
  );
}
