import { IDS_API, ROUTES, type IdRequest } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { DetailList, type DetailItem } from '../../../../components/ui/detail-list';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { REQUEST_TYPE_LABELS } from '../../components/request-labels';
import { useIdParam } from '../../../../lib/use-id-param';
import { useAdminIdRequest, useHandleIdRequest } from '../api/id-requests';
import { HandleRequest } from './handle-request';
import { IdCell } from './id-cells';
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

const REQUEST_QUEUE = {
  api: IDS_API.adminRequests,
  item: ROUTES.adminRequest,
  list: ROUTES.adminRequestsPending,
};

const REJECT_CONSEQUENCE: Record<IdRequest['type'], string> = {
  create: 'No ID is created.',
  deposit: 'Nothing goes into the ID; a wallet hold is returned to the customer.',
  withdraw: 'Nothing is taken out of the ID and the wallet is not credited.',
  close: 'The ID stays open.',
  change_password: 'The password stays as it is.',
};

function Actions({ request, nav }: { request: IdRequest; nav: QueueNav }) {
  const mutation = useHandleIdRequest();
  const done = () => nav.afterHandled();
  const id = request.id;
  return (
    <DecisionCard>
      <HandleRequest
        request={request}
        submit={(body, idempotencyKey) => mutation.mutateAsync({ id, body, idempotencyKey })}
        onDone={done}
      />
      <DecisionDivider />
      <RejectPanel
        subject={`request #${request.id}`}
        consequence={`${REJECT_CONSEQUENCE[request.type]} The customer is told why.`}
        submit={(body, idempotencyKey) =>
          mutation.mutateAsync({ id, body: { action: 'reject', ...body }, idempotencyKey })
        }
        onDone={done}
      />
    </DecisionCard>
  );
}

function details(request: IdRequest): DetailItem[] {
  const items: DetailItem[] = [
    {
      label: 'Customer',
      value: request.user ? <ItemUserCell user={request.user} link /> : '—',
      wide: true,
    },
    {
      label: 'ID',
      value: (
        <span className="flex items-center justify-between gap-3">
          <IdCell item={request.id_object.item} username={request.id_object.username} />
          <StatusBadge status={request.id_object.status} />
        </span>
      ),
      wide: true,
    },
    // The username is only what the customer asked for; staff log in with the real login.
    ...(request.id_login
      ? [{ label: 'Login', value: request.id_login, copy: request.id_login, mono: true }]
      : []),
    { label: 'Type', value: REQUEST_TYPE_LABELS[request.type] },
    { label: 'Sent', value: formatDateTime(request.created_at) },
  ];
  if (request.amount) items.push({ label: 'Amount asked', value: formatMoney(request.amount) });
  if (request.pay_from) {
    items.push({
      label: 'Paid with',
      value:
        request.pay_from === 'wallet'
          ? 'Wallet balance'
          : (request.payment_type?.name ?? 'Payment'),
    });
  }
  if (request.reference) {
    items.push({
      label: 'Reference',
      value: request.reference,
      copy: request.reference,
      mono: true,
    });
  }
  if (request.type === 'change_password' && request.status === 'pending') {
    items.push({
      label: 'Password asked for',
      value: request.password ?? 'None: set one',
      copy: request.password,
      mono: Boolean(request.password),
    });
  }
  return items;
}

function RequestDetail({ request }: { request: IdRequest }) {
  const nav = useQueueNav(REQUEST_QUEUE, request.id);
  const pending = request.status === 'pending';
  return (
    <QueueItem
      nav={nav}
      pending={pending}
      what="requests"
      facts={
        <>
          <ReusedProofPanel flag={request.reused_proof} />
          <DetailsCard
            title="Details"
            status={request.status}
            waitingSince={pending ? request.created_at : null}
          >
            <DetailList items={details(request)} />
          </DetailsCard>
          {request.type === 'deposit' && request.pay_from && request.amount ? (
            <PaymentProofCard
              payFrom={request.pay_from}
              amount={request.amount}
              proofUrl={request.proof_url}
              subject={`request #${request.id}`}
            />
          ) : null}
        </>
      }
      history={<HistoryCard type="id_request" id={request.id} />}
      actions={() => <Actions request={request} nav={nav} />}
      outcome={
        <Outcome
          status={request.status}
          handledAt={request.handled_at}
          comment={request.comment}
          handledBy={request.handled_by}
        >
          {request.confirmed_amount ? (
            <p className="mt-2 text-slate-700">
              Confirmed amount: <strong>{formatMoney(request.confirmed_amount)}</strong>
            </p>
          ) : null}
          {request.type === 'change_password' &&
          request.status === 'approved' &&
          request.password ? (
            <p className="mt-2 text-slate-700">
              New password: <strong className="tracking-wide">{request.password}</strong>
            </p>
          ) : null}
        </Outcome>
      }
    />
  );
}

const notFound = (
  <NotFoundCard what="request" back={ROUTES.adminRequestsPending} backLabel="ID requests" />
);

/** `/admin/requests/{id}`: one request on a customer's ID and its type-specific handle form. */
export function AdminRequestPage() {
  const id = useIdParam();
  const query = useAdminIdRequest(id);
  const type = query.data ? REQUEST_TYPE_LABELS[query.data.type] : 'Request';
  return (
    <AdminFrame
      title={id ? `${type} #${id}` : 'Request'}
      actions={
        <ButtonLink to={ROUTES.adminRequestsPending} variant="light">
          <ArrowLeft className="size-4" aria-hidden="true" />
          ID requests
        </ButtonLink>
      }
    >
      {id ? (
        <DetailQuery query={query} loadingLabel="Loading the request" notFound={notFound}>
          {(request) => <RequestDetail request={request} />}
        </DetailQuery>
      ) : (
        notFound
      )}
    </AdminFrame>
  );
}
