import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequestBodySchema, type ChangePasswordRequestBody } from '@iddesk/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { showServerErrors } from '../../../lib/form-errors';
import { useAction } from '../../../lib/use-action';
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
  const { run, loading } = useAction();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ password: string }, unknown, ChangePasswordRequestBody>({
    resolver: zodResolver(FormSchema),
    defaultValues: { password: '' },
  });

  const change = (next: boolean) => {
    if (loading) return;
    if (!next) setFormError(null);
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    const result = await run(() => mutation.mutateAsync({ id: userIdId, body }), {
      successMessage: 'Password change requested. The desk will send you the new password.',
    });
    if (result.ok) {
      reset({ password: '' });
      onOpenChange(false);
    } else {
      setFormError(showServerErrors(result.error, setError, ['password']));
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content className="dialog-panel fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-sheet focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Change the {serviceName} password?
            </Dialog.Title>
            <Dialog.Close
              className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100 disabled:opacity-50"
              aria-label="Close"
              disabled={loading}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-slate-600">
            The desk sets a new password on the ID and shows it here once done. The current password
            keeps working until then.
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-5">
            <FormAlert message={formError} />
            <TextField
              label="New password (optional)"
              type="password"
              revealable
              autoComplete="new-password"
              hint="Leave it empty and the desk picks a strong one."
              error={errors.password?.message}
              {...register('password')}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => change(false)} disabled={loading}>
                Cancel
              </Button>
              <Button type="submit" loading={loading}>
                Request new password
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
