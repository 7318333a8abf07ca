import { formatPhoneNumber, UpdateUserBodySchema, type User } from '@iddesk/contract';
import { AppForm, SaveButtons } from '../../../components/ui/app-form';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { useUpdateUser } from '../api/update-user';
import { account } from '../i18n';

export function ProfileForm({ user }: { user: User }) {
  const t = account.useT();
  const mutation = useUpdateUser();
  const app = useAppForm({
    schema: UpdateUserBodySchema,
    defaultValues: { name: user.name, email: user.email, phone: formatPhoneNumber(user.phone) },
    submit: (values) => mutation.mutateAsync(values),
    action: { successMessage: t('profile.saved') },
    onSuccess: ({ name, email, phone }, _values, form) =>
      form.reset({ name, email, phone: formatPhoneNumber(phone) }),
  });

  return (
    <AppForm app={app} className="mt-6 flex flex-col gap-5">
      <TextField label={t('profile.name')} autoComplete="name" {...app.field('name')} />
      <TextField label={t('profile.email')} {...INPUT.email} {...app.field('email')} />
      <TextField label={t('profile.phone')} {...INPUT.phone} {...app.field('phone')} />
      <SaveButtons label={t('profile.save')} discardLabel={t('profile.discard')} loading={app.loading} />
    </AppForm>
  );
}
