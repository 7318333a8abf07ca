import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '../../lib/cn';
import { FieldFrame, useFieldIds } from './field-frame';
import { common } from '../../lib/i18n-common';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Adds a show/hide toggle (for type="password"). */
  revealable?: boolean;
  /** A short fixed prefix inside the input, such as the currency sign. */
  leading?: string;
};

/** A labelled input with its hint and error wired to aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, revealable, leading, className, id, type = 'text', ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  const t = common.useT();
  const [revealed, setRevealed] = useState(false);

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        {leading ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center justify-center text-base font-semibold text-slate-600"
          >
            {leading}
          </span>
        ) : null}
        <input
          ref={ref}
          id={ids.inputId}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cn(
            'block min-h-12 w-full rounded-xl border bg-white px-4 text-base text-slate-900 shadow-sm',
            'placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            error
              ? 'border-red-600 focus-visible:ring-red-600'
              : 'border-slate-300 hover:border-slate-400 focus:border-brand-600',
            revealable && 'pr-12',
            leading && 'pl-10',
          )}
          {...rest}
        />
        {revealable ? (
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            aria-label={revealed ? t('password.hide') : t('password.show')}
            aria-pressed={revealed}
            onClick={() => setRevealed((v) => !v)}
          >
            {revealed ? (
              <EyeOff className="size-5" aria-hidden="true" />
            ) : (
              <Eye className="size-5" aria-hidden="true" />
            )}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
});

/** The settings kinds of input share, spread before a field's own props. */
export const INPUT = {
  amount: { leading: '₹', inputMode: 'decimal', autoComplete: 'off' },
  /** Logins, usernames, IDs: typed exactly, never corrected. */
  code: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
  /** A payment's UTR or transaction ID. */
  reference: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false },
  email: { type: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  url: { type: 'url', inputMode: 'url', autoCapitalize: 'none', spellCheck: false },
  newPassword: { type: 'password', autoComplete: 'new-password' },
} as const;
