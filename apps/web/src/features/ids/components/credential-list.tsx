import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { CopyButton } from '../../../components/ui/copy-button';
import { idsDemoText } from '../i18n-demo';

type CredentialListProps = {
  login: string;
  password: string;
  /** A demo login's labels ("Demo login"), which also name the copy buttons and the toggle. */
  demo?: boolean;
  className?: string;
};

const MASK = '••••••••••';

/**
 * A login and a password with copy buttons; the password stays masked until "Show password"
 * is pressed, so it is not on screen for anyone looking over the user's shoulder.
 */
export function CredentialList({
  login,
  password,
  demo = false,
  className,
}: CredentialListProps) {
  const t = idsDemoText.useT();
  const loginLabel = t(demo ? 'credentials.demoLogin' : 'credentials.login');
  const passwordLabel = t(demo ? 'credentials.demoPassword' : 'credentials.password');
  const [shown, setShown] = useState(false);
  return (
    <dl className={cn('flex flex-col gap-3', className)}>
      <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-inset ring-slate-200">
        <dt className="text-sm font-medium text-slate-600">{loginLabel}</dt>
        <dd className="mt-1 flex items-center justify-between gap-2">
          <span className="min-w-0 break-all font-semibold tracking-wide text-slate-900">
            {login}
          </span>
          <CopyButton value={login} what={loginLabel.toLowerCase()} />
        </dd>
      </div>
      <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-inset ring-slate-200">
        <dt className="text-sm font-medium text-slate-600">{passwordLabel}</dt>
        <dd className="mt-1 flex items-center justify-between gap-2">
          <span className="min-w-0 break-all font-semibold tracking-wide text-slate-900">
            {shown ? (
              password
            ) : (
              <>
                <span aria-hidden="true">{MASK}</span>
                <span className="sr-only">{t('credentials.hidden')}</span>
              </>
            )}
          </span>
          <span className="flex shrink-0 items-center gap-1">
            <button
              type="button"
              onClick={() => setShown((v) => !v)}
              aria-pressed={shown}
              aria-label={t('credentials.show', { what: passwordLabel.toLowerCase() })}
              className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {shown ? (
                <EyeOff className="size-5" aria-hidden="true" />
              ) : (
                <Eye className="size-5" aria-hidden="true" />
              )}
            </button>
            <CopyButton value={password} what={passwordLabel.toLowerCase()} />
          </span>
        </dd>
      </div>
    </dl>
  );
}
