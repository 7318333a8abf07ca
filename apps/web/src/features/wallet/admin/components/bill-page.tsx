import { ROUTES, type Bill } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog, SummaryList } from '../../../../components/ui/confirm-dialog';
import { DetailList } from '../../../../components/ui/detail-list';
import { PrivateImage } from '../../../staff';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useAction } from '../../../../lib/use-action';
import { useApproveBill, useBill, useRejectBill } from '../api/bills';
import { AdminFrame } from '../../../staff';
import { ItemUserCell } from '../../../staff';
import { Outcome } from '../../../staff';
import { RejectPanel } from '../../../staff';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';

function BillActions({ bill }: { bill: Bill }) {
  const navigate = useNavigate();
  const approve = useApproveBill();
  const reject = useRejectBill();
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState(false);
  const amount = formatMoney(bill.amount);

  const done = () => navigate(ROUTES.adminBillsPending);

  const onApprove = async () => {
    const result = await run(() => approve.mutateAsync(bill.id));
    setConfirming(false);
    if (result.ok) await done();
  };

  return (
    <>
      <Card className="flex flex-col gap-6">
        <section aria-labelledby="approve-heading">
          <h2 id="approve-heading" className="text-lg font-semibold text-slate-900">
            Approve
          </h2>
          <p className="mt-1 text-slate-600">
            Check that {amount} with reference {bill.reference} reached {bill.payment_type.name}.
            Approving credits it to the customer’s wallet at once.
          </p>
          <Button className="mt-4" onClick={() => setConfirming(true)}>
            Approve
          </Button>
        </section>
        <div className="border-t border-slate-200" />
        <RejectPanel
          subject={`bill #${bill.id}`}
          consequence="The customer’s wallet is not credited, and they are told why."
          loading={loading}
          onReject={async (body) => {
            const result = await run(() => reject.mutateAsync({ id: bill.id, body }));
            if (result.ok) await done();
            return result;
          }}
        />
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Approve bill #${bill.id}?`}
        description={`${amount} is credited to ${bill.user.name}’s wallet. This cannot be undone.`}
        confirmLabel={`Approve and credit ${amount}`}
        loading={loading}
        onConfirm={() => void onApprove()}
      >
        <SummaryList
          items={[
            { label: 'Customer', value: bill.user.name },
            { label: 'Amount', value: amount },
            { label: 'Paid to', value: bill.payment_type.name },
            { label: 'Reference', value: bill.reference },
          ]}
        />
      </ConfirmDialog>
    </>
  );
}

function BillDetail({ bill }: { bill: Bill }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <Card className="self-start">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Payment screenshot</h2>
        <PrivateImage
          url={bill.proof_url}
          alt={`Payment screenshot of bill #${bill.id}`}
          zoomable
        />
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">Details</h2>
            <StatusBadge status={bill.status} />
          </div>
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
              { label: 'Phone', value: bill.user.phone, copy: bill.user.phone, wide: true },
              { label: 'Sent', value: formatDateTime(bill.created_at) },
            ]}
          />
        </Card>
        {bill.status === 'pending' ? (
          <BillActions bill={bill} />
        ) : (
          <Outcome status={bill.status} handledAt={bill.handled_at} comment={bill.comment} />
        )}
      </div>
    </div>
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
      description="A wallet top-up: match the screenshot and reference with the payment account."
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
