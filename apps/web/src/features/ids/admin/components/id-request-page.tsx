import { IDS_API, ROUTES, type IdRequest } from '@iddesk/contract';
import { type DetailItem } from '../../../../components/ui/detail-list';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useIdParam } from '../../../../lib/use-id-param';
import { useAdminIdRequest, useHandleIdRequest } from '../api/id-requests';
import { HandleRequest } from './handle-request';
import { IdCell } from './id-cells';
import {
  ItemUserCell,
  Outcome,
  PaymentProofCard,
  QueueDecision,
  QueueItem,
  QueueItemPage,
  type QueueNav,
} from '../../../staff';
import { idsStaff, requestTypeLabel } from '../i18n';

const REQUEST_QUEUE = {
  api: IDS_API.adminRequests,
  item: ROUTES.adminRequest,
  list: ROUTES.adminRequestsPending,
};

function Actions({ request, nav }: { request: IdRequest; nav: QueueNav }) {
  const t = idsStaff.useT();
  const mutation = useHandleIdRequest();
  const id = request.id;
  return (
    <QueueDecision
      approve={
        <HandleRequest
          request={request}
          submit={(body, idempotencyKey) => mutation.mutateAsync({ id, body, idempotencyKey })}
          onDone={nav.afterHandled}
        />
      }
      subject={t('request.subject', { id: request.id })}
      consequence={t(`request.reject.${request.type}`)}
      reject={(body, idempotencyKey) =>
        mutation.mutateAsync({ id, body: { action: 'reject', ...body }, idempotencyKey })
      }
      nav={nav}
    />
  );
}

function details(request: IdRequest): DetailItem[] {
  const { t } = idsStaff;
  const items: DetailItem[] = [
    {
      label: t('list.customer'),
      value: request.user ? <ItemUserCell user={request.user} link /> : '—',
      wide: true,
    },
    {
      label: t('list.id'),
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
      ? [
          {
            label: t('newId.login'),
            value: request.id_login,
            copy: request.id_login,
            mono: true,
          },
        ]
      : []),
    { label: t('request.type'), value: requestTypeLabel(request.type) },
    { label: t('request.sent'), value: formatDateTime(request.created_at) },
  ];
  if (request.amount) {
    items.push({ label: t('newId.amountAsked'), value: formatMoney(request.amount) });
  }
  if (request.pay_from) {
    items.push({
      label: t('list.paidWith'),
      value:
        request.pay_from === 'wallet'
          ? t('newId.walletBalance')
          : (request.payment_type?.name ?? t('newIds.payment')),
    });
  }
  if (request.reference) {
    items.push({
      label: t('newId.reference'),
      value: request.reference,
      copy: request.reference,
      mono: true,
    });
  }
  if (request.type === 'change_password' && request.status === 'pending') {
    items.push({
      label: t('request.passwordAsked'),
      value: request.password ?? t('request.passwordNone'),
      copy: request.password,
      mono: Boolean(request.password),
    });
  }
  return items;
}

function RequestDetail({ request }: { request: IdRequest }) {
  const t = idsStaff.useT();
  return (
    <QueueItem
      item={request}
      queue={REQUEST_QUEUE}
      what={t('requests.queueWhat')}
      details={details(request)}
      proof={
        request.type === 'deposit' && request.pay_from && request.amount ? (
          <PaymentProofCard
            payFrom={request.pay_from}
            amount={request.amount}
            proofUrl={request.proof_url}
            subject={t('request.subject', { id: request.id })}
          />
        ) : null
      }
      historyType="id_request"
      actions={(nav) => <Actions request={request} nav={nav} />}
      outcome={
        <Outcome item={request}>
          {request.confirmed_amount ? (
            <p className="mt-2 text-slate-700">
              {t('request.confirmedAmount')}{' '}
              <strong>{formatMoney(request.confirmed_amount)}</strong>
            </p>
          ) : null}
          {request.type === 'change_password' &&
          request.status === 'approved' &&
          request.password ? (
            <p className="mt-2 text-slate-700">
              {t('request.newPassword')}{' '}
              <strong className="tracking-wide">{request.password}</strong>
            </p>
          ) : null}
        </Outcome>
      }
    />
  );
}

/** `/admin/requests/{id}`: one request on a customer's ID and its type-specific handle form. */
export function AdminRequestPage() {
  const t = idsStaff.useT();
  const id = useIdParam();
  // The heading names the request's type once it has loaded (the same query as the page's).
  const query = useAdminIdRequest(id);
  const type = query.data ? requestTypeLabel(query.data.type) : t('request.titleNone');
  return (
    <QueueItemPage
      title={(id) => (id ? t('request.link', { type, id }) : t('request.titleNone'))}
      queue={REQUEST_QUEUE}
      text={(key) => t(`request.${key}`)}
      useItem={useAdminIdRequest}
    >
      {(request) => <RequestDetail request={request} />}
    </QueueItemPage>
  );
}
