import { formatPhoneNumber, ROUTES, type AdminUserDetail } from '@iddesk/contract';
import { ArrowLeft, History, Lock, LockOpen } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DetailList } from '../../../../components/ui/detail-list';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDate, formatMoney } from '../../../../lib/money';
import { useAction } from '../../../../lib/use-action';
import { useSetUserBlocked, useUser } from '../api/users';
import { AdminFrame, HistoryCard } from '../../../staff';
import { RecentTransactions } from './recent-transactions';
import { useStaffCan } from '../../../../lib/staff-role';
import { BalanceChangeForm } from './balance-change-form';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';

function BalanceCard({ user }: { user: AdminUserDetail }) {
  return (
    <Card>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="text-sm font-medium text-brand-800">
          Balance
        </h2>
        <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900">
          {formatMoney(user.balance)}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">On hold</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">
              {formatMoney(user.held)}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">Top-ups awaiting approval</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">
              {formatMoney(user.pending_credit)}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">Pending bills</dt>
            <dd className="mt-0.5 font-semibold text-slate-900">{user.pending_bills}</dd>
          </div>
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">Pending withdrawals</dt>
            <dd className="mt-0.5 font-semibold text-slate-900">{user.pending_withdrawals}</dd>
          </div>
        </dl>
        <ButtonLink to={ROUTES.adminUserTransactions(user.id)} variant="secondary" className="mt-4">
          <History className="size-4" aria-hidden="true" />
          Transactions ({user.transactions_count})
        </ButtonLink>
      </section>
    </Card>
  );
}

function AccountCard({ user }: { user: AdminUserDetail }) {
  const mutation = useSetUserBlocked();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState(false);
  const block = !user.is_blocked;
  const canBlock = useStaffCan('users.block');

  const onConfirm = async () => {
    await run(() => mutation.mutateAsync({ id: user.id, blocked: block }));
    setConfirming(false);
  };

  return (
    <Card>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Account</h2>
        <StatusBadge status={user.is_blocked ? 'blocked' : 'active'} />
      </div>
      <DetailList
        items={[
          { label: 'Email', value: user.email, copy: user.email, wide: true },
          { label: 'Phone', value: formatPhoneNumber(user.phone), copy: user.phone, wide: true },
          { label: 'Type', value: user.type === 'admin' ? 'Admin' : 'Customer' },
          { label: 'Joined', value: formatDate(user.created_at) },
        ]}
      />
      {canBlock ? (
        <>
          <Button
            className="mt-5"
            variant={block ? 'danger' : 'secondary'}
            icon={
              block ? (
                <Lock className="size-4" aria-hidden="true" />
              ) : (
                <LockOpen className="size-4" aria-hidden="true" />
              )
            }
            onClick={() => setConfirming(true)}
          >
            {block ? 'Block user' : 'Unblock user'}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={block ? `Block ${user.name}?` : `Unblock ${user.name}?`}
            description={
              block
                ? 'They are signed out everywhere at once and cannot log in until unblocked. Their balance and pending items stay as they are.'
                : 'They can log in again with their password.'
            }
            confirmLabel={block ? 'Block user' : 'Unblock user'}
            tone={block ? 'danger' : 'primary'}
            loading={loading}
            onConfirm={() => void onConfirm()}
          />
        </>
      ) : null}
    </Card>
  );
}

/** What other domains show on a user's page (their IDs and requests), composed by app/. */
export type UserRelated = (userId: number) => ReactNode;

function UserDetail({ user, related }: { user: AdminUserDetail; related?: UserRelated }) {
  // Manual balance changes are the owner's (issue 15); the server refuses them to other roles.
  const canAdjust = useStaffCan('balance.adjust');
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <BalanceCard user={user} />
          <AccountCard user={user} />
        </div>
        <div className="flex flex-col gap-6">{related?.(user.id)}</div>
      </div>
      <RecentTransactions user={user} />
      {canAdjust ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <BalanceChangeForm user={user} direction="deposit" />
          <BalanceChangeForm user={user} direction="withdraw" />
        </div>
      ) : null}
      <HistoryCard type="user" id={user.id} />
    </div>
  );
}

function UserLoader({ id, related }: { id: number; related?: UserRelated }) {
  const query = useUser(id);
  return (
    <AdminFrame
      title={query.data?.name ?? `User #${id}`}
      description={`User #${id}`}
      actions={<BackToUsers />}
    >
      <DetailQuery
        query={query}
        loadingLabel="Loading user"
        notFound={<NotFoundCard what="user" back={ROUTES.adminUsers} backLabel="All users" />}
      >
        {(user) => <UserDetail user={user} related={related} />}
      </DetailQuery>
    </AdminFrame>
  );
}

function BackToUsers() {
  return (
    <ButtonLink to={ROUTES.adminUsers} variant="light">
      <ArrowLeft className="size-4" aria-hidden="true" />
      All users
    </ButtonLink>
  );
}

export function AdminUserPage({ related }: { related?: UserRelated }) {
  const id = useIdParam();
  if (id) return <UserLoader id={id} related={related} />;
  return (
    <AdminFrame title="User" actions={<BackToUsers />}>
      <NotFoundCard what="user" back={ROUTES.adminUsers} backLabel="All users" />
    </AdminFrame>
  );
}
