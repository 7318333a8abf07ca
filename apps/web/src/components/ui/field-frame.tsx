import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type FieldIds = { inputId: string; hintId: string; errorId: string; describedBy?: string };

/** A field's control id (the caller's or a new one) and what its `aria-describedby` names. */
export function useFieldIds(id: string | undefined, hint?: ReactNode, error?: string): FieldIds {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy =
    [hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}

type FieldFrameProps = {
  ids: FieldIds;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
};

/** A labelled field: the label, the control, then its hint or, in its place, its error. */
export function FieldFrame({ ids, label, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={ids.inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={ids.hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
