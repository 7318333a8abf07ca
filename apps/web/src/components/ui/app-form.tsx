import type { ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type FieldValues,
} from 'react-hook-form';
import { imageFileError } from '../../lib/files';
import { FieldFrame, useFieldIds } from './field-frame';
import type { useAppForm } from '../../lib/use-app-form';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { ImageField } from './image-field';
import { SegmentedControl } from './segmented-control';
import { INPUT, TextField } from './text-field';

/** What the pieces below need of a useAppForm result, whatever its values. */
export type App<TOut = unknown> = Pick<
  ReturnType<typeof useAppForm>,
  'onSubmit' | 'formError' | 'confirm' | 'prepare'
> & { form: unknown; confirming: TOut | null };

type AppFormProps = {
  app: App;
  className?: string;
  /** The form-level error at the top; off when the form shows it elsewhere. */
  alert?: boolean;
  children: ReactNode;
};

/**
 * A useAppForm form: provides it to the fields inside, no native validation, its alert. The
 * first focus inside it starts loading a lazy schema (`prepare`; capture, as focus does not
 * bubble).
 */
export function AppForm({ app, className, alert = true, children }: AppFormProps) {
  return (
    <FormProvider {...(app.form as Parameters<typeof FormProvider>[0])}>
      <form onSubmit={app.onSubmit} onFocusCapture={app.prepare} noValidate className={className}>
        {alert ? <FormAlert message={app.formError} /> : null}
        {children}
      </form>
    </FormProvider>
  );
}

type FormImageFieldProps = {
  name: string;
  label: string;
  what?: string;
  hint?: ReactNode;
  current?: ReactNode;
  disabled?: boolean;
};

/** An ImageField bound to the surrounding form's File field, checked as soon as it is chosen. */
export function FormImageField({ name, ...field }: FormImageFieldProps) {
  const { control, setError, clearErrors } = useFormContext<FieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange }, fieldState }) => (
        <ImageField
          {...field}
          file={(value as File | null | undefined) ?? null}
          onChange={(file) => {
            onChange(file);
            const message = file ? imageFileError(file) : null;
            if (message) setError(name, { type: 'client', message });
            else clearErrors(name);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

type FormFileFieldProps = {
  name: string;
  label: string;
  accept: string;
  hint?: ReactNode;
  /** What is wrong with a chosen file before it is sent (its size), or null. */
  check?: (file: File) => string | null;
};

/**
 * A file that is not an image (a bank statement) bound to the surrounding form's File field: a
 * native picker, its name and size once chosen, checked as soon as it is chosen. The chosen
 * File is kept by the form, so a failed submit never loses it.
 */
export function FormFileField({ name, label, accept, hint, check }: FormFileFieldProps) {
  const { control, setError, clearErrors } = useFormContext<FieldValues>();
  const ids = useFieldIds(undefined, hint, undefined);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { onChange, ref }, fieldState }) => {
        const error = fieldState.error?.message;
        const describedBy = [hint && !error ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ');
        return (
          <FieldFrame ids={ids} label={label} hint={hint} error={error}>
            <input
              ref={ref}
              id={ids.inputId}
              type="file"
              accept={accept}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              className="block w-full rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 file:mr-3 file:min-h-10 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white hover:file:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                onChange(file);
                const message = file && check ? check(file) : null;
                if (message) setError(name, { type: 'client', message });
                else clearErrors(name);
              }}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

/**
 * `password` and `password_confirmation` of the surrounding form: "Password", "Confirm password",
 * with the length hint; the page gives the three texts in its language (issue 18).
 */
export function NewPasswordFields({
  label,
  confirmLabel,
  hint,
}: {
  label: string;
  confirmLabel: string;
  hint: string;
}) {
  const { register, formState } = useFormContext<FieldValues>();
  const error = (name: string) => formState.errors[name]?.message as string | undefined;
  return (
    <>
      <TextField
        label={label}
        {...INPUT.newPassword}
        revealable
        hint={hint}
        error={error('password')}
        {...register('password')}
      />
      <TextField
        label={confirmLabel}
        {...INPUT.newPassword}
        error={error('password_confirmation')}
        {...register('password_confirmation')}
      />
    </>
  );
}

type SaveButtonsProps = {
  label: string;
  loading: boolean;
  discardLabel: string;
  className?: string;
  /** On a dark surface (the admin's settings bar). */
  inverse?: boolean;
};

/** Save, and Discard once something has changed (back to the last saved values). */
export function SaveButtons({
  label,
  loading,
  discardLabel,
  className = 'flex flex-wrap items-center gap-3',
  inverse = false,
}: SaveButtonsProps) {
  const { reset } = useFormContext<FieldValues>();
  const { isDirty } = useFormState();
  return (
    <div className={className}>
      <Button type="submit" variant={inverse ? 'inverse' : 'primary'} loading={loading}>
        {label}
      </Button>
      {isDirty ? (
        <Button variant={inverse ? 'light' : 'ghost'} onClick={() => reset()} disabled={loading}>
          {discardLabel}
        </Button>
      ) : null}
    </div>
  );
}

type FormSegmentedProps<V extends string> = {
  name: string;
  legend: string;
  options: { value: V; label: string }[];
};

/** A SegmentedControl bound to the surrounding form's field `name`. */
export function FormSegmented<V extends string>({ name, ...control }: FormSegmentedProps<V>) {
  const form = useFormContext<FieldValues>();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SegmentedControl
          {...control}
          name={field.name}
          value={field.value as V}
          onChange={field.onChange}
        />
      )}
    />
  );
}

/** A checkbox bound to the surrounding form's boolean field `name`. */
export function FormCheckbox({ name, children }: { name: string; children: ReactNode }) {
  const { register } = useFormContext<FieldValues>();
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
      <input type="checkbox" className="size-5 accent-brand-700" {...register(name)} />
      {children}
    </label>
  );
}
