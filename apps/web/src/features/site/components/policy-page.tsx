import { FileText } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSiteSettingsQuery } from '../site-settings';
import { TermsText } from './terms-text';
import { siteText } from '../i18n';

export function PolicyPage() {
  const t = siteText.useT();
  const query = useSiteSettingsQuery();
  const terms = query.data?.terms_text ?? '';
  const siteName = query.data?.site_name;
  return (
    <>
      <PageHeading
        title={t('terms.title')}
        description={t('terms.description', { site: siteName || t('terms.thisSite') })}
      />
      <Card className="max-w-3xl">
        {query.isPending ? (
          <ListLoading label={t('terms.loading')} rows={3} />
        ) : query.isError ? (
          <ListError
            message="The terms could not be loaded."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : terms ? (
          <TermsText text={terms} />
        ) : (
          <ListEmpty icon={FileText} title={t('terms.empty')}>
            {t('terms.emptyHint')}
          </ListEmpty>
        )}
      </Card>
    </>
  );
}
