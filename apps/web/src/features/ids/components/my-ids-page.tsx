import { ROUTES } from '@iddesk/contract';
import { IdCard, LogIn, Plus } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { InfoPanel } from '../../../components/ui/info-panel';
import { GridLoading, ListEmpty, QueryStates } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSession } from '../../../lib/session';
import { useUserIds } from '../api/user-ids';
import { AllRequests } from './all-requests';
import { UserIdCard } from './user-id-card';
import { common } from '../../../lib/i18n-common';
import { idsText } from '../i18n';

function UserIdGrid() {
  const query = useUserIds();
  const t = idsText.useT();
  return (
    <QueryStates
      query={query}
      loading={<GridLoading label={t('mine.loading')} count={3} tile="h-44" />}
      card
      isEmpty={(ids) => ids.length === 0}
      empty={
        <ListEmpty
          icon={IdCard}
          title={t('mine.empty')}
          action={<ButtonLink to={ROUTES.createIdList}>{t('mine.browse')}</ButtonLink>}
        >
          {t('mine.emptyHint')}
        </ListEmpty>
      }
    >
      {(ids) => (
        <>
          <ul
            aria-label={t('mine.list')}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {ids.map((userId) => (
              <li key={userId.id}>
                <UserIdCard userId={userId} />
              </li>
            ))}
          </ul>
          <AllRequests />
        </>
      )}
    </QueryStates>
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
