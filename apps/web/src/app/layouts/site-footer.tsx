import { ROUTES } from '@iddesk/contract';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { useSiteSettings } from '../../features/site/site-settings';
import { common } from '../../lib/i18n-common';

/** `roomForBar`: space under the footer for the phone's fixed bottom bar, where it shows. */
export function SiteFooter({ dark = false, roomForBar = true }: { dark?: boolean; roomForBar?: boolean }) {
  const t = common.useT();
  const { site_name: siteName, contact_phone: phone } = useSiteSettings();
  const linkClass = cn(
    'inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline',
    dark ? 'text-slate-200' : 'text-slate-700',
  );
  return (
    <footer
      className={cn(
        'border-t md:pb-0',
        roomForBar && 'pb-24',
        dark ? 'border-white/10' : 'border-slate-200 bg-white',
      )}
    >
      <div
        className={cn(
          'mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6',
          dark ? 'text-slate-300' : 'text-slate-600',
        )}
      >
        <p>
          © {new Date().getFullYear()} {siteName}
          {phone ? ` · ${phone}` : null}
        </p>
        <ul className="flex gap-4">
          <li>
            <Link to={ROUTES.policy} className={linkClass}>
              {t('layout.terms')}
            </Link>
          </li>
          <li>
            <Link to={ROUTES.contacts} className={linkClass}>
              {t('layout.support')}
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
