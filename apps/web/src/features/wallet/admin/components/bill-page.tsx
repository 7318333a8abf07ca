import { ROUTES, WALLET_API, type Bill } from '@iddesk/contract';
import { useMemo } from 'react';
import { z } from 'zod';
import { Card } from '../../../../components/ui/card';
import { DecisionPanel } from '../../../../components/ui/decision-panel';
import { formatDateTime, formatMoney } from '../../../../lib/money';
import { useAppForm } from '../../../../lib/use-app-form';
import { useApproveBill, useBill, useRejectBill } from '../api/bills';
import {
  ItemUserCell,
  Outcome,
  PrivateImage,
  QueueDecision,
  QueueItem,
  QueueItemPage,
  ReuseCommentField,
  reuseBody,
  reuseCommentSchema,
  staffText,
  type QueueNav,
} from '../../../staff';
import { walletStaff } from '../i18n';
import { BillStatementCard } from './bill-statement-card';
import { ScreenshotReading } from './screenshot-reading';

const BILL_QUEUE = {
  api: WALLET_API.adminBills,
  item: ROUTES.adminBill,
  list: ROUTES.adminBillsPending,
};

function BillActions({ bill, nav }: { bill: Bill; nav: QueueNav }) {
  const t = walletStaff.useT();
  const shared = staffText.useT();
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
    onSuccess: nav.afterHandled,
  });

  return (
    <QueueDecision
      approve={
        <DecisionPanel
          app={app}
          heading={shared('decide.approve')}
          decision="approve"
          intro={t('bill.approveIntro', {
            amount,
            reference: bill.reference,
            paidTo: bill.payment_type.name,
          })}
          confirm={{
            title: t('bill.approveTitle', { id: bill.id }),
            description: t('bill.approveDescription', { amount, name: bill.user.name }),
            confirmLabel: t('bill.approveConfirm', { amount }),
            items: (v) => [
              { label: t('bill.customer'), value: bill.user.name },
              { label: t('bill.amount'), value: amount },
              { label: t('bill.paidTo'), value: bill.payment_type.name },
              { label: t('bill.reference'), value: bill.reference },
              ...(v.comment ? [{ label: t('bill.flagConfirmed'), value: v.comment }] : []),
            ],
          }}
        >
          <ReuseCommentField flag={flag} />
        </DecisionPanel>
      }
      subject={t('bill.subject', { id: bill.id })}
      consequence={t('bill.rejectConsequence')}
      reject={(body, idempotencyKey) => reject.mutateAsync({ id, body, idempotencyKey })}
      nav={nav}
    />
  );
}

function BillDetail({ bill }: { bill: Bill }) {
  const t = walletStaff.useT();
  return (
    <QueueItem
      item={bill}
      queue={BILL_QUEUE}
      what={t('bills.queueWhat')}
      details={[
        { label: t('bill.customer'), value: <ItemUserCell user={bill.user} link />, wide: true },
        { label: t('bill.amount'), value: formatMoney(bill.amount) },
        { label: t('bill.paymentType'), value: bill.payment_type.name },
        {
          label: t('bill.reference'),
          value: bill.reference,
          copy: bill.reference,
          mono: true,
          wide: true,
        },
        ...(bill.screenshot_reading
          ? [{ label: t('reading.label'), value: <ScreenshotReading bill={bill} />, wide: true }]
          : []),
        { label: t('bill.phone'), value: bill.user.phone, copy: bill.user.phone, wide: true },
        { label: t('bill.sent'), value: formatDateTime(bill.created_at) },
      ]}
      proof={
        <>
          <BillStatementCard billId={bill.id} pending={bill.status === 'pending'} />
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('bill.screenshot')}</h2>
            <PrivateImage
              url={bill.proof_url}
              alt={t('bill.screenshotAlt', { id: bill.id })}
              zoomable
            />
          </Card>
        </>
      }
      historyType="bill"
      actions={(nav) => <BillActions bill={bill} nav={nav} />}
      outcome={<Outcome item={bill} />}
    />
  );
}

export function AdminBillPage() {
  const t = walletStaff.useT();
  return (
    <QueueItemPage
      title={(id) => (id ? t('bill.title', { id }) : t('bill.titleNone'))}
      queue={BILL_QUEUE}
      text={(key) => t(`bill.${key}`)}
      useItem={useBill}
    >
      {(bill) => <BillDetail bill={bill} />}
    </QueueItemPage>
  );
}
