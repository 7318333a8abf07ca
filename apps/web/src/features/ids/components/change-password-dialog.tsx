import { ChangePasswordRequestBodySchema } from '@iddesk/contract';
import { z } from 'zod';
import { AppForm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { DialogButtons, DialogPanel } from '../../../components/ui/confirm-dialog';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { useChangeIdPassword } from '../api/change-id-password';
import { idsText } from '../i18n';

/** The contract's rule for the wished password, seen from a form that always holds a string. */
const FormSchema = z.object({
  password: ChangePasswordRequestBodySchema.shape.password as z.ZodType<string | undefined, string>,
});

type ChangePasswordDialogProps = {
  userIdId: number;
  serviceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Ask the desk for a new password on the ID, optionally the one the customer would like. */
export function ChangePasswordDialog({
  userIdId,
  serviceName,
  open,
  onOpenChange,
}: ChangePasswordDialogProps) {
  const mutation = useChangeIdPassword();
  const t = idsText.useT();
  const app = useAppForm({
    schema: FormSchema,
    defaultValues: { password: '' },
    submit: (body) => mutation.mutateAsync({ id: userIdId, body }),
    action: {
      successMessage: t('password.success'),
    },
    onSuccess: (_data, _values, form) => {
      form.reset({ password: '' });
      onOpenChange(false);
    },
  });

  const change = (next: boolean) => {
    if (!next) app.clearFormError();
    onOpenChange(next);
  };

  return (
    <DialogPanel
      open={open}
      onOpenChange={change}
      locked={app.loading}
      title={t('password.title', { name: serviceName })}
      description={t('password.description')}
    >
      <AppForm app={app} className="mt-5 flex flex-col gap-5">
        <TextField
          label={t('password.label')}
          {...INPUT.newPassword}
          revealable
          hint={t('password.hint')}
          {...app.field('password')}
        />
        <DialogButtons onCancel={() => change(false)} loading={app.loading} className="">
          <Button type="submit" loading={app.loading}>
            {t('password.submit')}
          </Button>
        </DialogButtons>
      </AppForm>
    </DialogPanel>
  );
}
