import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, UpdatePasswordBodySchema } from '@iddesk/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextField } from '../../../components/ui/text-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useAction } from '../../../lib/use-action';
import { useUpdatePassword } from '../api/update-password';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordPage() {
  const mutation = useUpdatePassword();
  const { run, loading } = useAction();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(UpdatePasswordBodySchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(() => mutation.mutateAsync(values), {
      successMessage: 'Password changed.',
    });
    if (result.ok) reset(EMPTY);
    else applyFieldErrors(result.error, setError, FIELDS);
  });

  return (
    <>
      <PageHeading
        title="Change password"
        description="You stay signed in here; your other devices are signed out."
      />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.current_password?.message}
            {...register('current_password')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            revealable
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...register('password_confirmation')}
          />
          <div>
            <Button type="submit" loading={loading}>
              Change password
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
