import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { FieldFrame, useFieldIds } from './field-frame';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled multi-line input, wired like TextField. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, className, id, rows = 3, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={ids.inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(
          'block w-full rounded-xl border bg-white px-4 py-3 text-base text-slate-900 shadow-sm',
          'placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          error
            ? 'border-red-600 focus-visible:ring-red-600'
            : 'border-slate-300 hover:border-slate-400 focus:border-brand-600',
        )}
        {...rest}
      />
    </FieldFrame>
  );
});
