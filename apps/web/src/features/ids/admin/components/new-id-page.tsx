import { IDS_API, ROUTES, type UserId } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { CredentialList } from '../../components/credential-list';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { DetailList } from '../../../../components/ui/detail-list';
import { ExternalLink } from '../../../../components/ui/external-link';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useIdParam } from '../../../../lib/use-id-param';
import { useAdminUserId, useApproveUserId, useRejectUserId } from '../api/user-ids';
import { ApproveNewId } from './approve-new-id';
import {
  AdminFrame,
  DetailsCard,
  DecisionCard,
  DecisionDivider,
  HistoryCard,
  ItemUserCell,
  Outcome,
  PaymentProofCard,
  QueueItem,
  RejectPanel,
  ReusedProofPanel,
  useQueueNav,
  type QueueNav,
} from '../../../staff';

const NEW_ID_QUEUE = {
  api: IDS_API.adminUserIds,
  item: ROUTES.adminNewId,
  list: ROUTES.adminNewIds,
};

function Actions({ userId, nav }: { userId: UserId; nav: QueueNav }) {
  const approve = useApproveUserId();
  const reject = useRejectUserId();
  const done = () => nav.afterHandled();
  const id = userId.id;
  return (
    <DecisionCard>
      <ApproveNewId
        userId={userId}
        submit={(body, idempotencyKey) => approve.mutateAsync({ id, body, idempotencyKey })}
        onDone={done}
      />
      <DecisionDivider />
      <RejectPanel
        subject={`new ID #${userId.id}`}
        consequence={
          userId.pay_from === 'wallet'
            ? 'The amount held from the customer’s wallet is returned, and they are told why.'
            : 'No ID is created, and the customer is told why.'
        }
        submit={(body, idempotencyKey) => reject.mutateAsync({ id, body, idempotencyKey })}
        onDone={done}
      />
    </DecisionCard>
  );
}

function NewIdDetail({ userId }: { userId: UserId }) {
  const handled = userId.status !== 'pending';
  const nav = useQueueNav(NEW_ID_QUEUE, userId.id);
  return (
    <QueueItem
      nav={nav}
      pending={!handled}
      what="new IDs"
      facts={
        <>
          <ReusedProofPanel flag={userId.reused_proof} />
          <DetailsCard
            title="Request"
            status={userId.status}
            waitingSince={handled ? null : userId.created_at}
          >
            <DetailList
              items={[
                {
                  label: 'Customer',
                  value: userId.user ? <ItemUserCell user={userId.user} link /> : '—',
                  wide: true,
                },
                { label: 'Service', value: userId.item.name },
                { label: 'Website', value: <ExternalLink href={userId.item.website} /> },
                {
                  label: 'Requested username',
                  value: userId.username,
                  copy: userId.username,
                  mono: true,
                },
                { label: 'Amount asked', value: formatMoney(userId.amount) },
                {
                  label: 'Paid with',
                  value:
                    userId.pay_from === 'wallet'
                      ? 'Wallet balance'
                      : (userId.payment_type?.name ?? 'Payment'),
                },
                ...(userId.reference
                  ? [
                      {
                        label: 'Reference',
                        value: userId.reference,
                        copy: userId.reference,
                        mono: true,
                      },
                    ]
                  : []),
                { label: 'Phone', value: userId.user?.phone ?? '—', copy: userId.user?.phone },
                { label: 'Requested', value: formatDateTime(userId.created_at) },
              ]}
            />
          </DetailsCard>
          <PaymentProofCard
            payFrom={userId.pay_from}
            amount={userId.amount}
            proofUrl={userId.proof_url}
            subject={`new ID #${userId.id}`}
          />
        </>
      }
      history={<HistoryCard type="user_id" id={userId.id} />}
      actions={() => <Actions userId={userId} nav={nav} />}
      outcome={
        <Outcome
          status={userId.status === 'rejected' ? 'rejected' : 'approved'}
          handledAt={userId.handled_at}
          comment={userId.comment}
          handledBy={userId.handled_by}
        >
          {userId.confirmed_amount ? (
            <p className="mt-2 text-slate-700">
              Put into the ID: <strong>{formatMoney(userId.confirmed_amount)}</strong>
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

const notFound = (
  <NotFoundCard what="new-ID request" back={ROUTES.adminNewIds} backLabel="New IDs" />
);

function Loader({ id }: { id: number }) {
  const query = useAdminUserId(id);
  return (
    <DetailQuery query={query} loadingLabel="Loading the request" notFound={notFound}>
      {(userId) => <NewIdDetail userId={userId} />}
    </DetailQuery>
  );
}

/** `/admin/new_ids/{id}`: the customer, the requested username, the payment; approve or reject. */
export function AdminNewIdPage() {
  const id = useIdParam();
  return (
    <AdminFrame
      title={id ? `New ID #${id}` : 'New ID'}
      actions={
        <ButtonLink to={ROUTES.adminNewIds} variant="light">
          <ArrowLeft className="size-4" aria-hidden="true" />
          New IDs
        </ButtonLink>
      }
    >
      {id ? <Loader id={id} /> : notFound}
    </AdminFrame>
  );
}
