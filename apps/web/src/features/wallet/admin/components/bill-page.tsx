import { ROUTES, WALLET_API, type Bill } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { z } from 'zod';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { DetailList } from '../../../../components/ui/detail-list';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { useApproveBill, useBill, useRejectBill } from '../api/bills';
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
  ReuseCommentField,
  ReusedProofPanel,
  reuseBody,
  reuseCommentSchema,
  useQueueNav,
  type QueueNav,
} from '../../../staff';

const BILL_QUEUE = {
  api: WALLET_API.adminBills,
  item: ROUTES.adminBill,
  list: ROUTES.adminBillsPending,
};

function BillActions({ bill, nav }: { bill: Bill; nav: QueueNav }) {
  const approve = useApproveBill();
  const reject = useRejectBill();
  const amount = formatMoney(bill.amount);
  const flag = bill.reused_proof;
  const id = bill.id;
  const schema = useMemo(() => z.object({ comment: reuseCommentSchema(flag) }), [flag]);
  const app = useAppForm({
    schema,
    defaultValues: { comment: '' },
    confirm: true,
    submit: (values, idempotencyKey) =>
      approve.mutateAsync({ id, body: reuseBody(values.comment), idempotencyKey }),
    onSuccess: () => nav.afterHandled(),
  });

  return (
    <DecisionCard>
      <DecisionPanel
        app={app}
        heading="Approve"
        decision="approve"
        intro={`Check that ${amount} with reference ${bill.reference} reached ${bill.payment_type.name}. Approving credits it to the customer’s wallet at once.`}
        confirm={{
          title: `Approve bill #${bill.id}?`,
          description: `${amount} is credited to ${bill.user.name}’s wallet. This cannot be undone.`,
          confirmLabel: `Approve and credit ${amount}`,
          items: (v) => [
            { label: 'Customer', value: bill.user.name },
            { label: 'Amount', value: amount },
            { label: 'Paid to', value: bill.payment_type.name },
            { label: 'Reference', value: bill.reference },
            ...(v.comment ? [{ label: 'Flag confirmed', value: v.comment }] : []),
          ],
        }}
      >
        <ReuseCommentField flag={flag} />
      </DecisionPanel>
      <DecisionDivider />
      <RejectPanel
        subject={`bill #${bill.id}`}
        consequence="The customer’s wallet is not credited, and they are told why."
        submit={(body, idempotencyKey) => reject.mutateAsync({ id, body, idempotencyKey })}
        onDone={() => nav.afterHandled()}
      />
    </DecisionCard>
  );
}

function BillDetail({ bill }: { bill: Bill }) {
  const nav = useQueueNav(BILL_QUEUE, bill.id);
  const pending = bill.status === 'pending';
  return (
    <QueueItem
      nav={nav}
      pending={pending}
      what="bills"
      facts={
        <>
          <ReusedProofPanel flag={bill.reused_proof} />
          <DetailsCard
            title="Details"
            status={bill.status}
            waitingSince={pending ? bill.created_at : null}
          >
            <DetailList
              items={[
                { label: 'Customer', value: <ItemUserCell user={bill.user} link />, wide: true },
                { label: 'Amount', value: formatMoney(bill.amount) },
                { label: 'Payment type', value: bill.payment_type.name },
                {
                  label: 'Reference',
                  value: bill.reference,
                  copy: bill.reference,
                  mono: true,
                  wide: true,
                },
                { label: 'Phone', value: bill.user.phone, copy: bill.user.phone },
                { label: 'Sent', value: formatDateTime(bill.created_at) },
              ]}
            />
          </DetailsCard>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Payment screenshot</h2>
            <PrivateImage
              url={bill.proof_url}
              alt={`Payment screenshot of bill #${bill.id}`}
              zoomable
            />
          </Card>
        </>
      }
      history={<HistoryCard type="bill" id={bill.id} />}
      actions={() => <BillActions bill={bill} nav={nav} />}
      outcome={
        <Outcome
          status={bill.status}
          handledAt={bill.handled_at}
          comment={bill.comment}
          handledBy={bill.handled_by}
        />
      }
    />
  );
}

function BillLoader({ id }: { id: number }) {
  const query = useBill(id);
  return (
    <DetailQuery
      query={query}
      loadingLabel="Loading bill"
      notFound={
        <NotFoundCard what="bill" back={ROUTES.adminBillsPending} backLabel="Pending bills" />
      }
    >
      {(bill) => <BillDetail bill={bill} />}
    </DetailQuery>
  );
}

export function AdminBillPage() {
  const id = useIdParam();
  return (
    <AdminFrame
      title={id ? `Bill #${id}` : 'Bill'}
      actions={
        <ButtonLink to={ROUTES.adminBillsPending} variant="light">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Pending bills
        </ButtonLink>
      }
    >
      {id ? (
        <BillLoader id={id} />
      ) : (
        <NotFoundCard what="bill" back={ROUTES.adminBillsPending} backLabel="Pending bills" />
      )}
    </AdminFrame>
  );
}
