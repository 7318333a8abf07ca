import { ROUTES, type UserId } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { DetailQuery, NotFoundCard } from '../../../components/ui/detail-query';
import { PageHeading } from '../../../components/ui/page-heading';
import { useIdParam } from '../../../lib/use-id-param';
import { useUserId } from '../api/user-ids';
import { idsText } from '../i18n';

function IdNotFound() {
  const t = idsText.useT();
  return <NotFoundCard what={t('gate.what')} back={ROUTES.myIds} backLabel={t('gate.backLabel')} />;
}

type UserIdGateProps = {
  /** The page's h1, once the ID is known and before. */
  title: (userId: UserId | undefined) => string;
  description: ReactNode;
  /** Where the back link leads: the list, or this ID's details. */
  back: 'list' | 'details';
  children: (userId: UserId) => ReactNode;
};

/**
 * The `/my_ids/{id}` pages: heading with a back link, then the route's ID, or its loading,
 * missing or failed state.
 */
export function UserIdGate({ title, description, back, children }: UserIdGateProps) {
  const id = useIdParam();
  const query = useUserId(id);
  const t = idsText.useT();
  const backLink =
    back === 'list' || id === null ? (
      <ButtonLink to={ROUTES.myIds} variant="secondary">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('gate.myIds')}
      </ButtonLink>
    ) : (
      <ButtonLink to={ROUTES.myId(id)} variant="secondary">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('gate.backToId')}
      </ButtonLink>
    );
  return (
    <>
      <PageHeading title={title(query.data)} description={description} actions={backLink} />
      {id === null ? (
        <IdNotFound />
      ) : (
        <DetailQuery query={query} loadingLabel={t('gate.loading')} notFound={<IdNotFound />}>
          {children}
        </DetailQuery>
      )}
    </>
  );
}
