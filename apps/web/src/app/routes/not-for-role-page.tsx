import { ShieldOff } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { SimplePage } from '../../components/ui/simple-page';
import { usePassport } from '../../features/account/api/get-passport';
import { accountStaff } from '../../features/account/admin/i18n';
import { staffText } from '../../features/staff/i18n';
import { adminLandingFor } from '../layouts/admin-nav-items';

/**
 * What a staff page shows to a role that may not open it (issue 56): said before anything of
 * the page renders, in place of a form whose every call the server would refuse. The page's
 * own title stays in the header and the tab, so the person knows what they opened.
 */
export function AdminNotForRolePage() {
  const t = staffText.useT();
  const roles = accountStaff.useT();
  const { data: user } = usePassport();
  const role = user?.role ? roles(`role.${user.role}`) : null;
  return (
    <SimplePage
      title={t('notForRole.title')}
      description={role ? t('notForRole.role', { role }) : t('notForRole.noRole')}
      icon={ShieldOff}
      panelTitle={t('notForRole.panel')}
      actions={<ButtonLink to={adminLandingFor(user?.role)}>{t('notForRole.home')}</ButtonLink>}
    >
      {t('notForRole.text')}
    </SimplePage>
  );
}
