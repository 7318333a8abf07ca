import { ROUTES } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { DetailQuery, NotFoundCard } from '../../../components/ui/detail-query';
import { PageHeading } from '../../../components/ui/page-heading';
import { useIdParam } from '../../../lib/use-id-param';
import { useCatalogueItem } from '../api/catalogue';
import { CreateIdForm } from './create-id-form';
import { ItemSummary } from './item-summary';
import { idsText } from '../i18n';

function ServiceNotFound() {
  const t = idsText.useT();
  return (
    <NotFoundCard
      what={t('create.what')}
      back={ROUTES.createIdList}
      backLabel={t('create.backLabel')}
    />
  );
}

type CreateIdPageProps = {
  /** The signed-in user's available balance (wire format); undefined while it loads. */
  balance: string | undefined;
};

/** `/create_id/{id}`: one catalogue item and the request form for a new ID on it. */
export function CreateIdPage({ balance }: CreateIdPageProps) {
  const id = useIdParam();
  const query = useCatalogueItem(id);
  const t = idsText.useT();
  return (
    <>
      <PageHeading
        title={t('create.title')}
        description={t('create.description')}
        actions={
          <ButtonLink to={ROUTES.createIdList} variant="secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('create.back')}
          </ButtonLink>
        }
      />
      {id === null ? (
        <ServiceNotFound />
      ) : (
        <DetailQuery
          query={query}
          loadingLabel={t('create.loading')}
          notFound={<ServiceNotFound />}
        >
          {(item) => (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
              <ItemSummary item={item} />
              <CreateIdForm item={item} balance={balance} />
            </div>
          )}
        </DetailQuery>
      )}
    </>
  );
}
