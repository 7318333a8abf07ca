import { FileText } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSiteSettingsQuery } from '../site-settings';
import { TermsText } from './terms-text';

export function PolicyPage() {
  const query = useSiteSettingsQuery();
  const terms = query.data?.terms_text ?? '';
  const siteName = query.data?.site_name;
  return (
    <>
      <PageHeading
        title="Terms"
        description={`The rules that apply when you use ${siteName || 'this site'}.`}
      />
      <Card className="max-w-3xl">
        {query.isPending ? (
          <ListLoading label="Loading the terms" rows={3} />
        ) : query.isError ? (
          <ListError
            message="The terms could not be loaded."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : terms ? (
          <TermsText text={terms} />
        ) : (
          <ListEmpty icon={FileText} title="No terms published yet">
            The desk has not published its terms. Contact us with any question.
          </ListEmpty>
        )}
      </Card>
    </>
  );
}
