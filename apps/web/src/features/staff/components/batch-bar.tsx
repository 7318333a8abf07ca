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

type BatchBarProps = {
  /** `POST` path of the batch call (`/admin/bills/batch`). */
  path: string;
  /** The chosen items of the page; the confirmation repeats their count and total. */
  chosen: { id: number; amount: string }[];
  onClear: () => void;
  /** "bill": names the items in the buttons and dialogs. */
  noun: string;
  /** What approving them does, for the confirmation. */
  approveEffect: string;
};

type Action = 'approve' | 'reject';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What happened to each item of a batch: handled, or why not (a 409 for one handled meanwhile). */
function BatchOutcome({
  result,
  noun,
  onClose,
}: {
  result: BatchResult;
  noun: string;
  onClose: () => void;
}) {
  const failed = result.items.filter((i) => i.status !== 200);
  const verb = result.action === 'approve' ? 'Approved' : 'Rejected';
  return (
    <div
      role="status"
      className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">
          {verb} {plural(result.handled, noun)}
          {result.failed ? `; ${result.failed} not handled` : ''}.
        </p>
        <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {failed.length ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {failed.map((item) => (
            <li key={item.id} className="flex gap-2">
              <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
              <span>
                <strong className="capitalize">
                  {noun} #{item.id}
                </strong>
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
export function BatchBar({ path, chosen, onClear, noun, approveEffect }: BatchBarProps) {
  const selected = chosen.map((item) => item.id);
  const summary = [
    { label: `${noun.charAt(0).toUpperCase()}${noun.slice(1)}s`, value: String(chosen.length) },
    { label: 'Total', value: formatMoney(sumAmounts(chosen.map((item) => item.amount))) },
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
  const title = (action: Action) =>
    `${action === 'approve' ? 'Approve' : 'Reject'} ${plural(count, noun)}?`;

  return (
    <>
      {result ? <BatchOutcome result={result} noun={noun} onClose={() => setResult(null)} /> : null}
      {count > 0 ? (
        <div
          role="region"
          aria-label="Selected items"
          className="sticky top-16 z-20 mb-4 flex flex-wrap items-center gap-3 rounded-2xl bg-brand-900 px-4 py-3 text-white shadow-sheet"
        >
          <p className="mr-auto font-semibold">{plural(count, noun)} selected</p>
          <Button
            variant="inverse"
            onClick={() => ask('approve')}
            icon={<CheckCheck className="size-4" aria-hidden="true" />}
          >
            Approve selected
          </Button>
          <Button variant="danger" onClick={() => ask('reject')}>
            Reject selected
          </Button>
          <Button variant="light" onClick={onClear}>
            Clear
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
            ? 'Each customer is told, with the comment below. Items someone else handled meanwhile are left as they are.'
            : `${approveEffect} Each is handled on its own; any someone else handled meanwhile is left as it is. This cannot be undone.`
        }
        confirmLabel={
          asking
            ? `${asking.action === 'approve' ? 'Approve' : 'Reject'} ${plural(count, noun)}`
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
              label="Rejection comment"
              hint="Optional. Every customer in the batch sees it in their notification."
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
