import { ROUTES } from '@iddesk/contract';
import { Link } from 'react-router';
import { useSiteLinks, useSiteSettings } from '../../features/site/site-settings';

/** "Need help?" at the foot of the side menu: the contact number, or the contacts page. */
export function HelpLine() {
  const { contact_phone: phone } = useSiteSettings();
  const { phone: href } = useSiteLinks();
  return (
    <div className="border-t border-slate-100 px-4 py-4 text-sm text-slate-600">
      Need help?{' '}
      {phone && href ? (
        <a href={href} className="font-semibold text-brand-700 hover:underline">
          {phone}
        </a>
      ) : (
        <Link to={ROUTES.contacts} className="font-semibold text-brand-700 hover:underline">
          Contact us
        </Link>
      )}
    </div>
  );
}
