import { ROUTES, WALLET_API, type Withdrawal } from '@iddesk/contract';
import { Card } from '../../../../components/ui/card';
import { DetailList, type DetailItem } from '../../../../components/ui/detail-list';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useApproveWithdrawal, useRejectWithdrawal, useWithdrawal } from '../api/withdrawals';
import { WithdrawalApprove } from './withdrawal-approve';
import {
  ItemUserCell,
  Outcome,
  PrivateImage,
  QueueDecision,
  QueueItem,
  QueueItemPage,
  type QueueNav,
} from '../../../staff';
import { walletStaff } from '../i18n';

const WITHDRAW_QUEUE = {
  api: WALLET_API.adminWithdrawals,
  item: ROUTES.adminWithdraw,
  list: ROUTES.adminWithdrawPending,
};

function destinationItems(w: Withdrawal): DetailItem[] {
  const { t } = walletStaff;
  if (w.method === 'upi') {
    return [
      {
        label: t('withdrawal.upiId'),
        value: w.upi_id ?? '—',
        copy: w.upi_id,
        mono: true,
        wide: true,
      },
    ];
  }
  return [
    {
      label: t('withdrawal.accountHolder'),
      value: w.account_holder ?? '—',
      copy: w.account_holder,
      wide: true,
    },
    {
      label: t('withdrawal.accountNumber'),
      value: w.account_number ?? '—',
      copy: w.account_number,
      mono: true,
    },
    { label: t('withdrawal.ifsc'), value: w.ifsc ?? '—', copy: w.ifsc, mono: true },
  ];
}

function WithdrawalActions({ withdrawal, nav }: { withdrawal: Withdrawal; nav: QueueNav }) {
  const t = walletStaff.useT();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const id = withdrawal.id;
  return (
    <QueueDecision
      approve={
        <WithdrawalApprove
          withdrawal={withdrawal}
          submit={(values, idempotencyKey) =>
            approve.mutateAsync({ id, ...values, idempotencyKey })
          }
          onDone={nav.afterHandled}
        />
      }
      subject={t('withdrawal.subject', { id: withdrawal.id })}
      consequence={t('withdrawal.rejectConsequence', {
        amount: formatMoney(withdrawal.amount),
        name: withdrawal.user.name,
      })}
      reject={(body, idempotencyKey) => reject.mutateAsync({ id, body, idempotencyKey })}
      nav={nav}
    />
  );
}

function WithdrawalDetail({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const t = walletStaff.useT();
  return (
    <QueueItem
      item={w}
      queue={WITHDRAW_QUEUE}
      what={t('withdrawals.queueWhat')}
      details={[
        { label: t('bill.customer'), value: <ItemUserCell user={w.user} link />, wide: true },
        { label: t('bill.amount'), value: formatMoney(w.amount), copy: w.amount },
        { label: t('withdrawal.requested'), value: formatDateTime(w.created_at) },
        { label: t('bill.phone'), value: w.user.phone, copy: w.user.phone, wide: true },
      ]}
      proof={
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">
            {t(w.method === 'upi' ? 'withdrawal.sendToUpi' : 'withdrawal.sendToBank')}
          </h2>
          <DetailList items={destinationItems(w)} />
        </Card>
      }
      historyType="withdrawal"
      actions={(nav) => <WithdrawalActions withdrawal={w} nav={nav} />}
      outcome={
        <Outcome item={w}>
          {w.payout_reference ? (
            <DetailList
              className="mt-4"
              items={[
                {
                  label: t('withdrawal.payoutReference'),
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
              <h3 className="mb-2 font-semibold text-slate-900">
                {t('withdrawal.payoutScreenshot')}
              </h3>
              <PrivateImage
                url={w.payout_proof_url}
                alt={t('withdrawal.payoutScreenshotAlt', { id: w.id })}
                zoomable
              />
            </div>
          ) : null}
        </Outcome>
      }
    />
  );
}

export function AdminWithdrawPage() {
  const t = walletStaff.useT();
  return (
    <QueueItemPage
      title={(id) => (id ? t('withdrawal.title', { id }) : t('withdrawal.titleNone'))}
      queue={WITHDRAW_QUEUE}
      text={(key) => t(`withdrawal.${key}`)}
      useItem={useWithdrawal}
    >
      {(w) => <WithdrawalDetail withdrawal={w} />}
    </QueueItemPage>
  );
}
