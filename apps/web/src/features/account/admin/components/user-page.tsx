import { formatPhoneNumber, ROUTES, type AdminUserDetail } from '@iddesk/contract';
import { History, Lock, LockOpen, UserCog } from 'lucide-react';
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
import { BackLink } from '../../../../components/ui/back-link';
import { useIdParam } from '../../../../lib/use-id-param';
import { common } from '../../../../lib/i18n-common';
import { accountStaff } from '../i18n';

function BalanceCard({ user }: { user: AdminUserDetail }) {
  const t = accountStaff.useT();
  return (
    <Card>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="text-sm font-medium text-brand-800">
          {t('user.balance')}
        </h2>
        <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900">
          {formatMoney(user.balance)}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">{t('user.held')}</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">
              {formatMoney(user.held)}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">{t('user.pendingCredit')}</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">
              {formatMoney(user.pending_credit)}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">{t('user.pendingBills')}</dt>
            <dd className="mt-0.5 font-semibold text-slate-900">{user.pending_bills}</dd>
          </div>
          <div className="rounded-xl bg-slate-100 p-3">
            <dt className="text-slate-600">{t('user.pendingWithdrawals')}</dt>
            <dd className="mt-0.5 font-semibold text-slate-900">{user.pending_withdrawals}</dd>
          </div>
        </dl>
        <ButtonLink to={ROUTES.adminUserTransactions(user.id)} variant="secondary" className="mt-4">
          <History className="size-4" aria-hidden="true" />
          {t('user.transactions', { count: user.transactions_count })}
        </ButtonLink>
      </section>
    </Card>
  );
}

function AccountCard({ user }: { user: AdminUserDetail }) {
  const t = accountStaff.useT();
  const mutation = useSetUserBlocked();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState(false);
  const block = !user.is_blocked;
  const canBlock = useStaffCan('users.block');
  const canManageStaff = useStaffCan('staff.manage');
  // A staff account is disabled and enabled on the Staff page only (the server refuses block
  // and unblock of one with 409 STAFF_ACCOUNT, issue 51).
  const staff = user.type === 'admin';

  const onConfirm = async () => {
    await run(() => mutation.mutateAsync({ id: user.id, blocked: block }));
    setConfirming(false);
  };

  return (
    <Card>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('user.account')}</h2>
        <StatusBadge status={user.is_blocked ? 'blocked' : 'active'} />
      </div>
      <DetailList
        items={[
          { label: t('users.email'), value: user.email, copy: user.email, wide: true },
          {
            label: t('users.phone'),
            value: formatPhoneNumber(user.phone),
            copy: user.phone,
            wide: true,
          },
          {
            label: t('user.type'),
            // A staff account by its role ("Staff: Cashier"), never a bare "Admin" (issue 56).
            value:
              user.type === 'admin' && user.role
                ? t('user.staff', { role: t(`role.${user.role}`) })
                : t('user.customer'),
          },
          { label: t('users.joined'), value: formatDate(user.created_at) },
        ]}
      />
      {staff ? (
        <div className="mt-5 flex flex-col items-start gap-3">
          <p className="text-sm text-slate-600">{t('user.staffManaged')}</p>
          {canManageStaff ? (
            <ButtonLink to={ROUTES.adminStaff} variant="secondary">
              <UserCog className="size-4" aria-hidden="true" />
              {t('user.staffPage')}
            </ButtonLink>
          ) : null}
        </div>
      ) : canBlock ? (
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
            {t(block ? 'user.block' : 'user.unblock')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t(block ? 'user.blockTitle' : 'user.unblockTitle', { name: user.name })}
            description={t(block ? 'user.blockText' : 'user.unblockText')}
            confirmLabel={t(block ? 'user.block' : 'user.unblock')}
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

function UserNotFound() {
  const t = accountStaff.useT();
  return <NotFoundCard what={t('user.what')} back={ROUTES.adminUsers} backLabel={t('user.back')} />;
}

function UserLoader({ id, related }: { id: number; related?: UserRelated }) {
  const t = accountStaff.useT();
  const query = useUser(id);
  return (
    <AdminFrame
      title={query.data?.name ?? t('user.number', { id })}
      description={t('user.number', { id })}
      actions={<BackToUsers />}
    >
      <DetailQuery query={query} loadingLabel={t('user.loading')} notFound={<UserNotFound />}>
        {(user) => <UserDetail user={user} related={related} />}
      </DetailQuery>
    </AdminFrame>
  );
}

function BackToUsers() {
  const t = accountStaff.useT();
  return <BackLink to={ROUTES.adminUsers}>{t('user.back')}</BackLink>;
}

export function AdminUserPage({ related }: { related?: UserRelated }) {
  const titles = common.useT();
  const id = useIdParam();
  if (id) return <UserLoader id={id} related={related} />;
  return (
    <AdminFrame title={titles('titles.admin.user')} actions={<BackToUsers />}>
      <UserNotFound />
    </AdminFrame>
  );
}
