import { PASSWORD_MIN_LENGTH, UpdatePasswordBodySchema } from '@iddesk/contract';
import { AppForm, NewPasswordFields } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { updatePassword } from '../api/update-password';
import { account } from '../i18n';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordPage() {
  const t = account.useT();
  const app = useAppForm({
    schema: UpdatePasswordBodySchema,
    defaultValues: EMPTY,
    submit: updatePassword,
    action: { successMessage: t('password.changed') },
    onSuccess: (_data, _values, form) => form.reset(EMPTY),
  });

  return (
    <>
      <PageHeading
        title={t('password.title')}
        description={t('password.description')}
      />
      <Card className="max-w-xl">
        <AppForm app={app} className="flex flex-col gap-5">
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            revealable
            {...app.field('current_password')}
          />
          <NewPasswordFields
            label={t('password.new')}
            confirmLabel={t('password.confirmNew')}
            hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
          />
          <div>
            <Button type="submit" loading={app.loading}>
              {t('password.submit')}
            </Button>
          </div>
        </AppForm>
      </Card>
    </>
  );
}
