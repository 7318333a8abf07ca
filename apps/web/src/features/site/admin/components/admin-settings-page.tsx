import { Card } from '../../../../components/ui/card';
import { ListError, ListLoading } from '../../../../components/ui/list-states';
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
      <PageHeading title={titles('titles.admin.settings')} description={t('settings.description')} />
      {query.isError && !query.data ? (
        <Card>
          <ListError
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : !query.data ? (
        <ListLoading label={t('settings.loading')} rows={4} />
      ) : (
        <AdminSettingsForm settings={query.data} />
      )}
    </>
  );
}
