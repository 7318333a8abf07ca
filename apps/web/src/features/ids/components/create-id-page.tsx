import { ROUTES } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { DetailQuery, NotFoundCard } from '../../../components/ui/detail-query';
import { PageHeading } from '../../../components/ui/page-heading';
import { useIdParam } from '../../../lib/use-id-param';
import { useCatalogueItem } from '../api/catalogue';
import { CreateIdForm } from './create-id-form';
import { ItemSummary } from './item-summary';

const notFound = (
  <NotFoundCard what="service" back={ROUTES.createIdList} backLabel="Back to the catalogue" />
);

type CreateIdPageProps = {
  /** The signed-in user's available balance (wire format); undefined while it loads. */
  balance: string | undefined;
};

/** `/create_id/{id}`: one catalogue item and the request form for a new ID on it. */
export function CreateIdPage({ balance }: CreateIdPageProps) {
  const id = useIdParam();
  const query = useCatalogueItem(id);
  return (
    <>
      <PageHeading
        title="Request an ID"
        description="Pick a username and fund the new ID. The desk creates it and sends you the login."
        actions={
          <ButtonLink to={ROUTES.createIdList} variant="secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Catalogue
          </ButtonLink>
        }
      />
      {id === null ? (
        notFound
      ) : (
        <DetailQuery query={query} loadingLabel="Loading the service" notFound={notFound}>
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
