import { IDS_API, ROUTES, type UserId } from '@iddesk/contract';
import { CredentialList } from '../../components/credential-list';
import { ExternalLink } from '../../../../components/ui/external-link';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useAdminUserId, useApproveUserId, useRejectUserId } from '../api/user-ids';
import { ApproveNewId } from './approve-new-id';
import {
  ItemUserCell,
  Outcome,
  PaymentProofCard,
  QueueDecision,
  QueueItem,
  QueueItemPage,
  type QueueNav,
} from '../../../staff';
import { common } from '../../../../lib/i18n-common';
import { idsStaff } from '../i18n';

const NEW_ID_QUEUE = {
  api: IDS_API.adminUserIds,
  item: ROUTES.adminNewId,
  list: ROUTES.adminNewIds,
};

function Actions({ userId, nav }: { userId: UserId; nav: QueueNav }) {
  const t = idsStaff.useT();
  const approve = useApproveUserId();
  const reject = useRejectUserId();
  const id = userId.id;
  return (
    <QueueDecision
      approve={
        <ApproveNewId
          userId={userId}
          submit={(body, idempotencyKey) => approve.mutateAsync({ id, body, idempotencyKey })}
          onDone={nav.afterHandled}
        />
      }
      subject={t('newId.subject', { id: userId.id })}
      consequence={t(userId.pay_from === 'wallet' ? 'newId.rejectWallet' : 'newId.rejectPayment')}
      reject={(body, idempotencyKey) => reject.mutateAsync({ id, body, idempotencyKey })}
      nav={nav}
    />
  );
}

function NewIdDetail({ userId }: { userId: UserId }) {
  const t = idsStaff.useT();
  return (
    <QueueItem
      item={userId}
      queue={NEW_ID_QUEUE}
      what={t('newIds.queueWhat')}
      detailsTitle={t('newId.request')}
      details={[
        {
          label: t('list.customer'),
          value: userId.user ? <ItemUserCell user={userId.user} link /> : '—',
          wide: true,
        },
        { label: t('newId.service'), value: userId.item.name },
        { label: t('newId.website'), value: <ExternalLink href={userId.item.website} /> },
        {
          label: t('newId.username'),
          value: userId.username,
          copy: userId.username,
          mono: true,
        },
        { label: t('newId.amountAsked'), value: formatMoney(userId.amount) },
        {
          label: t('list.paidWith'),
          value:
            userId.pay_from === 'wallet'
              ? t('newId.walletBalance')
              : (userId.payment_type?.name ?? t('newIds.payment')),
        },
        ...(userId.reference
          ? [
              {
                label: t('newId.reference'),
                value: userId.reference,
                copy: userId.reference,
                mono: true,
              },
            ]
          : []),
        {
          label: t('newId.phone'),
          value: userId.user?.phone ?? '—',
          copy: userId.user?.phone,
          wide: true,
        },
        { label: t('newId.requested'), value: formatDateTime(userId.created_at) },
      ]}
      proof={
        <PaymentProofCard
          payFrom={userId.pay_from}
          amount={userId.amount}
          proofUrl={userId.proof_url}
          subject={t('newId.subject', { id: userId.id })}
        />
      }
      historyType="user_id"
      actions={(nav) => <Actions userId={userId} nav={nav} />}
      outcome={
        <Outcome
          item={{ ...userId, status: userId.status === 'rejected' ? 'rejected' : 'approved' }}
        >
          {userId.confirmed_amount ? (
            <p className="mt-2 text-slate-700">
              {t('newId.putInto')} <strong>{formatMoney(userId.confirmed_amount)}</strong>
            </p>
          ) : null}
          {userId.login && userId.password ? (
            <CredentialList login={userId.login} password={userId.password} className="mt-4" />
          ) : null}
        </Outcome>
      }
    />
  );
}

/** `/admin/new_ids/{id}`: the customer, the requested username, the payment; approve or reject. */
export function AdminNewIdPage() {
  const t = idsStaff.useT();
  const titles = common.useT();
  return (
    <QueueItemPage
      title={(id) => (id ? t('newId.title', { id }) : titles('titles.admin.newId'))}
      queue={NEW_ID_QUEUE}
      text={(key) => t(`newId.${key}`)}
      useItem={useAdminUserId}
    >
      {(userId) => <NewIdDetail userId={userId} />}
    </QueueItemPage>
  );
}
