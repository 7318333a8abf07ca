import { ROUTES, WALLET_API, type Withdrawal } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DetailList, type DetailItem } from '../../../../components/ui/detail-list';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useApproveWithdrawal, useRejectWithdrawal, useWithdrawal } from '../api/withdrawals';
import { WithdrawalApprove } from './withdrawal-approve';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';
import {
  AdminFrame,
  DetailsCard,
  DecisionCard,
  DecisionDivider,
  HistoryCard,
  ItemUserCell,
  Outcome,
  PrivateImage,
  QueueItem,
  RejectPanel,
  useQueueNav,
  type QueueNav,
} from '../../../staff';

const WITHDRAW_QUEUE = {
  api: WALLET_API.adminWithdrawals,
  item: ROUTES.adminWithdraw,
  list: ROUTES.adminWithdrawPending,
};

function destinationItems(w: Withdrawal): DetailItem[] {
  if (w.method === 'upi') {
    return [{ label: 'UPI ID', value: w.upi_id ?? '—', copy: w.upi_id, mono: true, wide: true }];
  }
  return [
    { label: 'Account holder', value: w.account_holder ?? '—', copy: w.account_holder, wide: true },
    { label: 'Account number', value: w.account_number ?? '—', copy: w.account_number, mono: true },
    { label: 'IFSC', value: w.ifsc ?? '—', copy: w.ifsc, mono: true },
  ];
}

function WithdrawalActions({ withdrawal, nav }: { withdrawal: Withdrawal; nav: QueueNav }) {
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const back = () => nav.afterHandled();
  const id = withdrawal.id;
  return (
    <DecisionCard>
      <WithdrawalApprove
        withdrawal={withdrawal}
        submit={(values, idempotencyKey) => approve.mutateAsync({ id, ...values, idempotencyKey })}
        onDone={back}
      />
      <DecisionDivider />
      <RejectPanel
        subject={`withdrawal #${withdrawal.id}`}
        consequence={`${formatMoney(withdrawal.amount)} goes back to ${withdrawal.user.name}’s balance at once.`}
        submit={(body, idempotencyKey) => reject.mutateAsync({ id, body, idempotencyKey })}
        onDone={back}
      />
    </DecisionCard>
  );
}

function WithdrawalDetail({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const nav = useQueueNav(WITHDRAW_QUEUE, w.id);
  const pending = w.status === 'pending';
  return (
    <QueueItem
      nav={nav}
      pending={pending}
      what="withdrawals"
      facts={
        <>
          <DetailsCard
            title="Details"
            status={w.status}
            waitingSince={pending ? w.created_at : null}
          >
            <DetailList
              items={[
                { label: 'Customer', value: <ItemUserCell user={w.user} link />, wide: true },
                { label: 'Amount', value: formatMoney(w.amount), copy: w.amount },
                { label: 'Requested', value: formatDateTime(w.created_at) },
                { label: 'Phone', value: w.user.phone, copy: w.user.phone, wide: true },
              ]}
            />
          </DetailsCard>
          <Card>
            <h2 className="mb-4 text-lg font-semibold text-slate-900">
              Send to {w.method === 'upi' ? 'UPI' : 'bank account'}
            </h2>
            <DetailList items={destinationItems(w)} />
          </Card>
        </>
      }
      history={<HistoryCard type="withdrawal" id={w.id} />}
      actions={() => <WithdrawalActions withdrawal={w} nav={nav} />}
      outcome={
        <Outcome
          status={w.status}
          handledAt={w.handled_at}
          comment={w.comment}
          handledBy={w.handled_by}
        >
          {w.payout_reference ? (
            <DetailList
              className="mt-4"
              items={[
                {
                  label: 'Payout reference',
                  value: w.payout_reference,
                  copy: w.payout_reference,
                  mono: true,
                  wide: true,
                },
              ]}
            />
          ) : null}
          {w.payout_proof_url ? (
            <div className="mt-4">
              <h3 className="mb-2 font-semibold text-slate-900">Payout screenshot</h3>
              <PrivateImage
                url={w.payout_proof_url}
                alt={`Payout screenshot of withdrawal #${w.id}`}
                zoomable
              />
            </div>
          ) : null}
        </Outcome>
      }
    />
  );
}

function WithdrawalLoader({ id }: { id: number }) {
  const query = useWithdrawal(id);
  return (
    <DetailQuery
      query={query}
      loadingLabel="Loading withdrawal"
      notFound={
        <NotFoundCard
          what="withdrawal"
          back={ROUTES.adminWithdrawPending}
          backLabel="Pending withdrawals"
        />
      }
    >
      {(w) => <WithdrawalDetail withdrawal={w} />}
    </DetailQuery>
  );
}

export function AdminWithdrawPage() {
  const id = useIdParam();
  return (
    <AdminFrame
      title={id ? `Withdrawal #${id}` : 'Withdrawal'}
      actions={
        <ButtonLink to={ROUTES.adminWithdrawPending} variant="light">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Pending withdrawals
        </ButtonLink>
      }
    >
      {id ? (
        <WithdrawalLoader id={id} />
      ) : (
        <NotFoundCard
          what="withdrawal"
          back={ROUTES.adminWithdrawPending}
          backLabel="Pending withdrawals"
        />
      )}
    </AdminFrame>
  );
}
