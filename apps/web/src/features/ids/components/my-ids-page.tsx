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

function SkeletonGrid() {
  return (
    <div
      role="status"
      aria-label="Loading your IDs"
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
          title="You have no IDs yet"
          action={<ButtonLink to={ROUTES.createIdList}>Browse the catalogue</ButtonLink>}
        >
          Pick a service from the catalogue and request your first ID; it shows here at once.
        </ListEmpty>
      </Card>
    );
  }
  return (
    <>
      <ul aria-label="Your IDs" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
  return (
    <>
      <PageHeading
        title="My IDs"
        description="Every ID you hold or asked for. Open one for its login, deposits and withdrawals."
        actions={
          guest ? null : (
            <ButtonLink to={ROUTES.createIdList}>
              <Plus className="size-4" aria-hidden="true" />
              Request a new ID
            </ButtonLink>
          )
        }
      />
      {guest ? (
        <InfoPanel
          icon={LogIn}
          title="Log in to see your IDs"
          actions={
            <>
              <ButtonLink to={ROUTES.login}>Log in</ButtonLink>
              <ButtonLink to={ROUTES.register} variant="secondary">
                Create account
              </ButtonLink>
            </>
          }
        >
          Your IDs and their requests are private to your account.
        </InfoPanel>
      ) : (
        <UserIdGrid />
      )}
    </>
  );
}
