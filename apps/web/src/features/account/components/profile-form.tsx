import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateUserBodySchema, type User } from '@iddesk/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useAction } from '../../../lib/use-action';
import { useUpdateUser } from '../api/update-user';

const FIELDS = ['name', 'email', 'phone'] as const;

export function ProfileForm({ user }: { user: User }) {
  const mutation = useUpdateUser();
  const { run, loading } = useAction();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(UpdateUserBodySchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(() => mutation.mutateAsync(values), {
      successMessage: 'Profile saved.',
    });
    if (result.ok) {
      reset({ name: result.data.name, email: result.data.email, phone: result.data.phone });
    } else {
      applyFieldErrors(result.error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={loading}>
          Save changes
        </Button>
        {isDirty ? (
          <Button type="button" variant="ghost" onClick={() => reset()} disabled={loading}>
            Discard
          </Button>
        ) : null}
      </div>
    </form>
  );
}
