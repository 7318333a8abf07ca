import { ChangePasswordRequestBodySchema } from '@iddesk/contract';
import { z } from 'zod';
import { AppForm } from '../../../components/ui/app-form';
import { Button } from '../../../components/ui/button';
import { DialogButtons, DialogPanel } from '../../../components/ui/confirm-dialog';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { useChangeIdPassword } from '../api/change-id-password';

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
  const app = useAppForm({
    schema: FormSchema,
    defaultValues: { password: '' },
    submit: (body) => mutation.mutateAsync({ id: userIdId, body }),
    action: {
      successMessage: 'Password change requested. The desk will send you the new password.',
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
      title={`Change the ${serviceName} password?`}
      description="The desk sets a new password on the ID and shows it here once done. The current password keeps working until then."
    >
      <AppForm app={app} className="mt-5 flex flex-col gap-5">
        <TextField
          label="New password (optional)"
          {...INPUT.newPassword}
          revealable
          hint="Leave it empty and the desk picks a strong one."
          {...app.field('password')}
        />
        <DialogButtons onCancel={() => change(false)} loading={app.loading} className="">
          <Button type="submit" loading={app.loading}>
            Request new password
          </Button>
        </DialogButtons>
      </AppForm>
    </DialogPanel>
  );
}
