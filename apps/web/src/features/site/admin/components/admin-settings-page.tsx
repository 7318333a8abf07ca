import { Card } from '../../../../components/ui/card';
import { ListError, ListLoading } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { useSiteSettingsQuery } from '../../site-settings';
import { AdminSettingsForm } from './admin-settings-form';

export function AdminSettingsPage() {
  const query = useSiteSettingsQuery();
  return (
    <>
      <PageHeading
        title="Settings"
        description="Contacts, social links and the terms customers see on the site."
      />
      {query.isError && !query.data ? (
        <Card>
          <ListError
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : !query.data ? (
        <ListLoading label="Loading settings" rows={4} />
      ) : (
        <AdminSettingsForm settings={query.data} />
      )}
    </>
  );
}
