import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** In a form: its hint, or in its place its error (wired like TextField's). */
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
};

/** A labelled native select, styled like TextField (list filters, a list's order). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, className, id, hint, error, children, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <select
        ref={ref}
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className="block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 pr-10 text-base text-slate-900 shadow-sm hover:border-slate-400 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
});
