import { type BatchResult } from '@iddesk/contract';
import { CheckCheck, X, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, SummaryList } from '../../../components/ui/confirm-dialog';
import { TextArea } from '../../../components/ui/text-area';
import { apiRequest, newIdempotencyKey } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useAction } from '../../../lib/use-action';
import { sumAmounts } from '../lib/sum-amounts';
import { useInvalidateAfterAdminAction } from '../api/invalidate';
import { staffText } from '../i18n';

type BatchBarProps = {
  /** `POST` path of the batch call (`/admin/bills/batch`). */
  path: string;
  /** The chosen items of the page; the confirmation repeats their count and total. */
  chosen: { id: number; amount: string }[];
  onClear: () => void;
  /** Names the items in the buttons and dialogs. */
  kind: BatchKind;
  /** What approving them does, for the confirmation. */
  approveEffect: string;
};

type Action = 'approve' | 'reject';
/** The queues that take batch decisions. */
export type BatchKind = 'bill' | 'withdrawal';

/** "3 bills", in the page's language. */
const countOf = (kind: BatchKind, count: number) => staffText.t('batch.count', { kind, count });

/** What happened to each item of a batch: handled, or why not (a 409 for one handled meanwhile). */
function BatchOutcome({
  result,
  kind,
  onClose,
}: {
  result: BatchResult;
  kind: BatchKind;
  onClose: () => void;
}) {
  const t = staffText.useT();
  const failed = result.items.filter((i) => i.status !== 200);
  const items = countOf(kind, result.handled);
  const approved = result.action === 'approve';
  return (
    <div
      role="status"
      className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">
          {result.failed
            ? t(approved ? 'batch.approvedSomeFailed' : 'batch.rejectedSomeFailed', {
                items,
                failed: result.failed,
              })
            : t(approved ? 'batch.approved' : 'batch.rejected', { items })}
        </p>
        <Button variant="ghost" size="icon" aria-label={t('batch.dismiss')} onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {failed.length ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {failed.map((item) => (
            <li key={item.id} className="flex gap-2">
              <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
              <span>
                <strong>{t('batch.item', { kind, id: item.id })}</strong>
                : {item.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Approve or reject the selected pending items in one action (issue 16 item 3). The server
 * handles each once, in its own transaction, and answers per item; the outcome stays on screen.
 */
export function BatchBar({ path, chosen, onClear, kind, approveEffect }: BatchBarProps) {
  const t = staffText.useT();
  const selected = chosen.map((item) => item.id);
  const summary = [
    { label: t('batch.kind', { kind }), value: String(chosen.length) },
    { label: t('batch.total'), value: formatMoney(sumAmounts(chosen.map((item) => item.amount))) },
  ];
  const [asking, setAsking] = useState<{ action: Action; key: string } | null>(null);
  const [comment, setComment] = useState('');
  const [result, setResult] = useState<BatchResult | null>(null);
  const { run, loading } = useAction();
  const invalidate = useInvalidateAfterAdminAction();
  const count = selected.length;

  const send = async () => {
    if (!asking) return;
    const body = {
      ids: selected,
      action: asking.action,
      ...(asking.action === 'reject' && comment.trim() ? { comment: comment.trim() } : {}),
    };
    const outcome = await run(
      () => apiRequest<BatchResult>(path, { method: 'POST', body, idempotent: asking.key }),
      { successNotify: false },
    );
    if (!outcome.ok) return;
    setResult(outcome.data);
    setAsking(null);
    setComment('');
    onClear();
    await invalidate();
  };

  const ask = (action: Action) => setAsking({ action, key: newIdempotencyKey() });
  const items = countOf(kind, count);
  const title = (action: Action) =>
    t(action === 'approve' ? 'batch.approveTitle' : 'batch.rejectTitle', { items });

  return (
    <>
      {result ? <BatchOutcome result={result} kind={kind} onClose={() => setResult(null)} /> : null}
      {count > 0 ? (
        <div
          role="region"
          aria-label={t('batch.region')}
          className="sticky top-16 z-20 mb-4 flex flex-wrap items-center gap-3 rounded-2xl bg-brand-900 px-4 py-3 text-white shadow-sheet"
        >
          <p className="mr-auto font-semibold">{t('batch.selected', { items })}</p>
          <Button
            variant="inverse"
            onClick={() => ask('approve')}
            icon={<CheckCheck className="size-4" aria-hidden="true" />}
          >
            {t('batch.approveSelected')}
          </Button>
          <Button variant="danger" onClick={() => ask('reject')}>
            {t('batch.rejectSelected')}
          </Button>
          <Button variant="light" onClick={onClear}>
            {t('batch.clear')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking ? title(asking.action) : ''}
        description={
          asking?.action === 'reject'
            ? t('batch.rejectDescription')
            : t('batch.approveDescription', { effect: approveEffect })
        }
        confirmLabel={
          asking
            ? t(asking.action === 'approve' ? 'batch.approveButton' : 'batch.rejectButton', {
                items,
              })
            : ''
        }
        tone={asking?.action === 'reject' ? 'danger' : 'primary'}
        loading={loading}
        onConfirm={() => void send()}
      >
        <div className="flex flex-col gap-4">
          <SummaryList items={summary} />
          {asking?.action === 'reject' ? (
            <TextArea
              label={t('reject.comment')}
              hint={t('batch.commentHint')}
              maxLength={500}
              rows={2}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          ) : null}
        </div>
      </ConfirmDialog>
    </>
  );
}
