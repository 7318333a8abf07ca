import { ROUTES, type Withdrawal } from '@iddesk/contract';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DetailList, type DetailItem } from '../../../../components/ui/detail-list';
import { PrivateImage } from '../../../staff';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useAction } from '../../../../lib/use-action';
import { useApproveWithdrawal, useRejectWithdrawal, useWithdrawal } from '../api/withdrawals';
import { AdminFrame } from '../../../staff';
import { ItemUserCell } from '../../../staff';
import { Outcome } from '../../../staff';
import { RejectPanel } from '../../../staff';
import { WithdrawalApprove } from './withdrawal-approve';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { useIdParam } from '../../../../lib/use-id-param';

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

function WithdrawalActions({ withdrawal }: { withdrawal: Withdrawal }) {
  const navigate = useNavigate();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const { run, loading } = useAction();
  const back = () => navigate(ROUTES.adminWithdrawPending);
  return (
    <Card className="flex flex-col gap-6">
      <WithdrawalApprove
        withdrawal={withdrawal}
        loading={loading}
        onApprove={async (values) => {
          const result = await run(() => approve.mutateAsync({ id: withdrawal.id, ...values }));
          if (result.ok) await back();
          return result;
        }}
      />
      <div className="border-t border-slate-200" />
      <RejectPanel
        subject={`withdrawal #${withdrawal.id}`}
        consequence={`${formatMoney(withdrawal.amount)} goes back to ${withdrawal.user.name}’s balance at once.`}
        loading={loading}
        onReject={async (body) => {
          const result = await run(() => reject.mutateAsync({ id: withdrawal.id, body }));
          if (result.ok) await back();
          return result;
        }}
      />
    </Card>
  );
}

function WithdrawalDetail({ withdrawal: w }: { withdrawal: Withdrawal }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <Card>
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">Details</h2>
            <StatusBadge status={w.status} />
          </div>
          <DetailList
            items={[
              { label: 'Customer', value: <ItemUserCell user={w.user} link />, wide: true },
              { label: 'Amount', value: formatMoney(w.amount), copy: w.amount },
              { label: 'Requested', value: formatDateTime(w.created_at) },
              { label: 'Phone', value: w.user.phone, copy: w.user.phone, wide: true },
            ]}
          />
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">
            Send to {w.method === 'upi' ? 'UPI' : 'bank account'}
          </h2>
          <DetailList items={destinationItems(w)} />
        </Card>
      </div>
      {w.status === 'pending' ? (
        <WithdrawalActions withdrawal={w} />
      ) : (
        <div className="self-start">
          <Outcome status={w.status} handledAt={w.handled_at} comment={w.comment}>
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
        </div>
      )}
    </div>
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
      description="A wallet payout: send the money, then approve it here."
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
