import { QueryStates } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { useSiteSettingsQuery } from '../../site-settings';
import { AdminSettingsForm } from './admin-settings-form';
import { common } from '../../../../lib/i18n-common';
import { contentStaff } from '../../../staff';

export function AdminSettingsPage() {
  const t = contentStaff.useT();
  const titles = common.useT();
  const query = useSiteSettingsQuery();
  return (
    <>
      <PageHeading
        title={titles('titles.admin.settings')}
        description={t('settings.description')}
      />
      <QueryStates query={query} loadingLabel={t('settings.loading')} rows={4} card>
        {(settings) => <AdminSettingsForm settings={settings} />}
      </QueryStates>
    </>
  );
}
