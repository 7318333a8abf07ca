import { ROUTES } from '@iddesk/contract';
import { IdCard, LogIn, Plus } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { InfoPanel } from '../../../components/ui/info-panel';
import { ListEmpty, ListError } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSession } from '../../../lib/session';
import { useUserIds } from '../api/user-ids';
import { AllRequests } from './all-requests';
import { UserIdCard } from './user-id-card';
import { common } from '../../../lib/i18n-common';
import { idsText } from '../i18n';

function SkeletonGrid() {
  const t = idsText.useT();
  return (
    <div
      role="status"
      aria-label={t('mine.loading')}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: 3 }, (_, i) => (
        <div
          key={i}
          className="h-44 animate-pulse rounded-2xl bg-slate-200/70"
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

function UserIdGrid() {
  const query = useUserIds();
  const t = idsText.useT();
  if (query.isPending) return <SkeletonGrid />;
  if (query.isError) {
    return (
      <Card>
        <ListError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  }
  if (query.data.length === 0) {
    return (
      <Card>
        <ListEmpty
          icon={IdCard}
          title={t('mine.empty')}
          action={<ButtonLink to={ROUTES.createIdList}>{t('mine.browse')}</ButtonLink>}
        >
          {t('mine.emptyHint')}
        </ListEmpty>
      </Card>
    );
  }
  return (
    <>
      <ul
        aria-label={t('mine.list')}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {query.data.map((userId) => (
          <li key={userId.id}>
            <UserIdCard userId={userId} />
          </li>
        ))}
      </ul>
      <AllRequests />
    </>
  );
}

/**
 * `/my_ids`: every ID the customer holds or asked for, with its status, then all their
 * requests across those IDs.
 */
export function MyIdsPage() {
  const { guest } = useSession();
  const t = idsText.useT();
  const titles = common.useT();
  return (
    <>
      <PageHeading
        title={titles('titles.myIds')}
        description={t('mine.description')}
        actions={
          guest ? null : (
            <ButtonLink to={ROUTES.createIdList}>
              <Plus className="size-4" aria-hidden="true" />
              {t('mine.new')}
            </ButtonLink>
          )
        }
      />
      {guest ? (
        <InfoPanel
          icon={LogIn}
          title={t('mine.guestTitle')}
          actions={
            <>
              <ButtonLink to={ROUTES.login}>{t('mine.login')}</ButtonLink>
              <ButtonLink to={ROUTES.register} variant="secondary">
                {t('mine.register')}
              </ButtonLink>
            </>
          }
        >
          {t('mine.guestText')}
        </InfoPanel>
      ) : (
        <UserIdGrid />
      )}
    </>
  );
}
