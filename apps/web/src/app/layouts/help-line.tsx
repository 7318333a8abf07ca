import { ROUTES } from '@iddesk/contract';
import { Link } from 'react-router';
import { useSiteLinks, useSiteSettings } from '../../features/site/site-settings';
import { common } from '../../lib/i18n-common';

/** "Need help?" at the foot of the side menu: the contact number, or the contacts page. */
export function HelpLine() {
  const t = common.useT();
  const { contact_phone: phone } = useSiteSettings();
  const { phone: href } = useSiteLinks();
  return (
    <div className="border-t border-slate-100 px-4 py-4 text-sm text-slate-600">
      {t('help.needHelp')}{' '}
      {phone && href ? (
        <a href={href} className="font-semibold text-brand-700 hover:underline">
          {phone}
        </a>
      ) : (
        <Link to={ROUTES.contacts} className="font-semibold text-brand-700 hover:underline">
          {t('help.contactUs')}
        </Link>
      )}
    </div>
  );
}
