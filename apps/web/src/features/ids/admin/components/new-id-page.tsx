import { ROUTES, type UserId } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { CredentialList } from '../../components/credential-list';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { DetailList } from '../../../../components/ui/detail-list';
import { ExternalLink } from '../../../../components/ui/external-link';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useAction } from '../../../../lib/use-action';
import { useIdParam } from '../../../../lib/use-id-param';
import { useAdminUserId, useApproveUserId, useRejectUserId } from '../api/user-ids';
import { AdminFrame } from '../../../staff';
import { ApproveNewId } from './approve-new-id';
import { ItemUserCell } from '../../../staff';
import { Outcome } from '../../../staff';
import { PaymentProofCard } from '../../../staff';
import { RejectPanel } from '../../../staff';

function Actions({ userId }: { userId: UserId }) {
  const navigate = useNavigate();
  const approve = useApproveUserId();
  const reject = useRejectUserId();
  const { run, loading } = useAction();
  const done = () => navigate(ROUTES.adminNewIds);
  return (
    <Card className="flex flex-col gap-6 self-start">
      <ApproveNewId
        userId={userId}
        loading={loading}
        onApprove={async (body) => {
          const result = await run(() => approve.mutateAsync({ id: userId.id, body }));
          if (result.ok) await done();
          return result;
        }}
      />
      <div className="border-t border-slate-200" />
      <RejectPanel
        subject={`new ID #${userId.id}`}
        consequence={
          userId.pay_from === 'wallet'
            ? 'The amount held from the customer’s wallet is returned, and they are told why.'
            : 'No ID is created, and the customer is told why.'
        }
        loading={loading}
        onReject={async (body) => {
          const result = await run(() => reject.mutateAsync({ id: userId.id, body }));
          if (result.ok) await done();
          return result;
        }}
      />
    </Card>
  );
}

function NewIdDetail({ userId }: { userId: UserId }) {
  const handled = userId.status !== 'pending';
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className="flex flex-col gap-6">
        <Card>
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">Request</h2>
            <StatusBadge status={userId.status} />
          </div>
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
        </Card>
        <PaymentProofCard
          payFrom={userId.pay_from}
          amount={userId.amount}
          proofUrl={userId.proof_url}
          subject={`new ID #${userId.id}`}
        />
      </div>
      {handled ? (
        <Outcome
          status={userId.status === 'rejected' ? 'rejected' : 'approved'}
          handledAt={userId.handled_at}
          comment={userId.comment}
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
      ) : (
        <Actions userId={userId} />
      )}
    </div>
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
      description="Check the payment, create the ID on the service, then approve with its login."
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
