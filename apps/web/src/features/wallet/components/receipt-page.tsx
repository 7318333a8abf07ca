import { ROUTES, type Transaction } from '@iddesk/contract';
import { ArrowLeft, CheckCircle2, Clock3, LifeBuoy, Share2, XCircle } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { DetailQuery, NotFoundCard } from '../../../components/ui/detail-query';
import { PageHeading } from '../../../components/ui/page-heading';
import { StatusBadge } from '../../../components/ui/status-badge';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime, formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useIdParam } from '../../../lib/use-id-param';
import { useSiteLinks } from '../../site';
import { useTransaction } from '../api/get-transaction';
import { walletText } from '../i18n';
import { SignedAmount } from './transaction-list';

/** "TX-000042": the movement's reference, what the customer quotes to the desk. */
export const receiptReference = (tx: Pick<Transaction, 'id'>) => `TX-${String(tx.id).padStart(6, '0')}`;

type Step = { label: string; at: string | null; state: 'done' | 'current' | 'failed' };

/** Made, then settled: done, refused or cancelled; a pending one waits on the desk. */
function stepsOf(tx: Transaction, t: ReturnType<typeof walletText.useT>): Step[] {
  const made: Step = { label: t('receipt.made'), at: tx.created_at, state: 'done' };
  if (tx.status === 'pending') return [made, { label: t('receipt.waiting'), at: null, state: 'current' }];
  if (tx.status === 'done') return [made, { label: t('receipt.done'), at: tx.settled_at, state: 'done' }];
  const label = tx.status === 'cancelled' ? t('receipt.cancelled') : t('receipt.rejected');
  return [made, { label, at: tx.settled_at, state: 'failed' }];
}

const STEP_ICON = { done: CheckCircle2, current: Clock3, failed: XCircle } as const;
const STEP_COLOUR = { done: 'text-emerald-700', current: 'text-amber-700', failed: 'text-red-700' } as const;

function Receipt({ tx }: { tx: Transaction }) {
  const t = walletText.useT();
  const { whatsapp } = useSiteLinks();
  const reference = receiptReference(tx);
  const summary = t('receipt.shareText', {
    reference,
    what: tx.description || t(`kind.${tx.kind}`),
    amount: formatMoney(tx.amount.replace(/^-/, '')),
    time: formatDateTime(tx.created_at),
  });
  // The support chat the site has (WhatsApp, else the contacts page), told which movement.
  const report = whatsapp ? `${whatsapp}?text=${encodeURIComponent(t('receipt.reportText', { reference }))}` : ROUTES.contacts;

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: reference, text: summary });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to say.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    if (await copyText(summary)) toast.success(t('receipt.copied'));
    else toast.error(t('receipt.copyFailed'));
  };

  const steps = stepsOf(tx, t);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <Card className="flex flex-col gap-5">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{tx.description || t(`kind.${tx.kind}`)}</p>
            <p className="mt-1 text-sm text-slate-600">{t(`kind.${tx.kind}`)}</p>
          </div>
          <div className="flex flex-col items-end gap-2 text-xl">
            <SignedAmount amount={tx.amount} status={tx.status} />
            <StatusBadge status={tx.status} />
          </div>
        </div>
        <DetailList
          items={[
            { label: t('receipt.reference'), value: reference, copy: reference, mono: true },
            { label: t('receipt.time'), value: formatDateTime(tx.created_at) },
            {
              label: t('list.balanceAfter'),
              value: tx.balance_after === null ? '—' : formatMoney(tx.balance_after),
            },
          ]}
        />
        <section aria-labelledby="receipt-timeline">
          <h2 id="receipt-timeline" className="text-sm font-medium text-slate-600">
            {t('receipt.timeline')}
          </h2>
          <ol className="mt-3 flex flex-col gap-3">
            {steps.map((step) => {
              const Icon = STEP_ICON[step.state];
              return (
                <li key={step.label} className="flex items-start gap-3">
                  <Icon className={`mt-0.5 size-5 shrink-0 ${STEP_COLOUR[step.state]}`} aria-hidden="true" />
                  <div>
                    <p className="font-medium text-slate-900">{step.label}</p>
                    <p className="text-sm text-slate-600">{step.at ? formatDateTime(step.at) : t('receipt.waitingHint')}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void share()} icon={<Share2 className="size-4" aria-hidden="true" />}>
            {t('receipt.share')}
          </Button>
          {whatsapp ? (
            <a
              href={report}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              <LifeBuoy className="size-4" aria-hidden="true" />
              {t('receipt.report')}
            </a>
          ) : (
            <ButtonLink to={report} variant="secondary">
              <LifeBuoy className="size-4" aria-hidden="true" />
              {t('receipt.report')}
            </ButtonLink>
          )}
        </div>
      </Card>
    </div>
  );
}

/** A movement's receipt (issue 56): what, how much, its reference and time, where it stands. */
export function ReceiptPage() {
  const t = walletText.useT();
  const id = useIdParam() ?? 0;
  const query = useTransaction(id);
  const notFound = <NotFoundCard what={t('receipt.what')} back={ROUTES.transactions} backLabel={t('receipt.back')} />;
  return (
    <>
      <PageHeading
        title={t('receipt.title')}
        actions={
          <ButtonLink to={ROUTES.transactions} variant="secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('receipt.back')}
          </ButtonLink>
        }
      />
      {id ? (
        <DetailQuery query={query} loadingLabel={t('receipt.loading')} notFound={notFound}>
          {(tx) => <Receipt tx={tx} />}
        </DetailQuery>
      ) : (
        notFound
      )}
    </>
  );
}
