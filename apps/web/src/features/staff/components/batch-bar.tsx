import { BATCH_MAX_ITEMS, type BatchResult, type ReusedProof } from '@iddesk/contract';
import { AlertTriangle, CheckCheck, X, XCircle } from 'lucide-react';
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
import { FlagPanel, reuseReasons } from './reused-proof';

type BatchBarProps = {
  /** `POST` path of the batch call (`/admin/bills/batch`). */
  path: string;
  /**
   * The chosen items of the page; the confirmation repeats their count and total, and asks a
   * reason for each flagged payment (issue 51).
   */
  chosen: BatchItem[];
  /** Unticks the chosen rows; without it (a fixed set, "all matched") there is no Clear. */
  onClear?: () => void;
  /** The decisions offered (both by default; "Approve all matched" approves only). */
  actions?: readonly Action[];
  /** The bar's words instead of "N bills selected". */
  label?: string;
  /** Names the items in the buttons and dialogs. */
  kind: BatchKind;
  /** What approving them does, for the confirmation. */
  approveEffect: string;
};

type Action = 'approve' | 'reject';
/** A chosen row: its amount and, for a payment by proof, its reused-proof flag. */
export type BatchItem = { id: number; amount: string; reused_proof?: ReusedProof | undefined };
/**
 * Left out, not failed: the 409s of a flagged payment approved without its reason, and of an
 * item another staff member holds (issue 55 item 2; the message names them).
 */
const LEFT_OUT = new Set(['REUSED_PROOF', 'PROOF_FLAGGED', 'CLAIMED_BY_OTHER']);
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
              {LEFT_OUT.has(item.code ?? '') ? (
                <AlertTriangle
                  className="mt-0.5 size-4 shrink-0 text-amber-700"
                  aria-hidden="true"
                />
              ) : (
                <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
              )}
              <span>
                <strong>{t('batch.item', { kind, id: item.id })}</strong>
                {LEFT_OUT.has(item.code ?? '') ? ` (${t('batch.leftOutItem')})` : null}:{' '}
                {item.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The approve dialog's flagged items (issue 51): each names what it is flagged for and takes
 * its reason; an empty reason leaves the item out. The server asks the same on every path.
 */
function FlaggedReasons({
  kind,
  flagged,
  reasons,
  onChange,
}: {
  kind: BatchKind;
  flagged: BatchItem[];
  reasons: Record<number, string>;
  onChange: (id: number, reason: string) => void;
}) {
  const t = staffText.useT();
  return (
    <FlagPanel
      id="batch-flagged-heading"
      title={t('batch.flaggedTitle', { count: flagged.length })}
      inDialog
    >
      <p className="mt-1 text-sm">{t('batch.flaggedHint')}</p>
      <ul className="mt-3 flex flex-col divide-y divide-amber-300">
        {flagged.map((item) => (
          // A rule between items: each field's facts (under it) belong to it alone.
          <li key={item.id} className="py-3 first:pt-0 last:pb-0">
            <TextArea
              label={t('batch.reason', { kind, id: item.id })}
              hint={[formatMoney(item.amount), ...reuseReasons(item.reused_proof)].join(' · ')}
              maxLength={500}
              rows={2}
              value={reasons[item.id] ?? ''}
              onChange={(event) => onChange(item.id, event.target.value)}
            />
          </li>
        ))}
      </ul>
    </FlagPanel>
  );
}

/**
 * Approve or reject the selected pending items in one action (issue 16 item 3). The server
 * handles each once, in its own transaction, and answers per item; the outcome stays on screen.
 * Approving, a flagged payment goes with its reason or is left out (issue 51).
 */
export function BatchBar({
  path,
  chosen,
  onClear,
  kind,
  approveEffect,
  actions = ['approve', 'reject'],
  label,
}: BatchBarProps) {
  const t = staffText.useT();
  const selected = chosen.map((item) => item.id);
  const [asking, setAsking] = useState<{ action: Action; key: string } | null>(null);
  const [comment, setComment] = useState('');
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [result, setResult] = useState<BatchResult | null>(null);
  const { run, loading } = useAction();
  const invalidate = useInvalidateAfterAdminAction();
  const count = selected.length;
  const approving = asking?.action === 'approve';
  const reasonOf = (id: number) => (reasons[id] ?? '').trim();
  const flagged = approving ? chosen.filter((item) => item.reused_proof?.flagged) : [];
  const leftOut = flagged.filter((item) => !reasonOf(item.id));
  const going = chosen.filter((item) => !leftOut.includes(item));
  const summary = [
    { label: t('batch.kind', { kind }), value: String(going.length) },
    { label: t('batch.total'), value: formatMoney(sumAmounts(going.map((item) => item.amount))) },
    ...(leftOut.length ? [{ label: t('batch.leftOut'), value: String(leftOut.length) }] : []),
  ];

  const send = async () => {
    if (!asking) return;
    // Every chosen item goes: one left out answers its 409 in the outcome, as any other path would.
    const given = flagged
      .filter((item) => reasonOf(item.id))
      .map((item) => ({ id: item.id, reason: reasonOf(item.id) }));
    // One call's body: its items and the reasons among them.
    const bodyOf = (ids: number[]) => {
      const reasons = given.filter((r) => ids.includes(r.id));
      return {
        ids,
        action: asking.action,
        ...(asking.action === 'reject' && comment.trim() ? { comment: comment.trim() } : {}),
        ...(reasons.length ? { reasons } : {}),
      };
    };
    // At most BATCH_MAX_ITEMS a call: a longer choice goes in parts, one after the other, each
    // with its own key (a retry of a part replays it), and their outcomes read as one.
    const parts = Array.from({ length: Math.ceil(selected.length / BATCH_MAX_ITEMS) }, (_, i) =>
      selected.slice(i * BATCH_MAX_ITEMS, (i + 1) * BATCH_MAX_ITEMS),
    );
    const outcome = await run(
      async () => {
        const answers = [];
        for (const [i, ids] of parts.entries()) {
          answers.push(
            await apiRequest<BatchResult>(path, {
              method: 'POST',
              body: bodyOf(ids),
              idempotent: parts.length === 1 ? asking.key : `${asking.key}-${i + 1}`,
            }),
          );
        }
        const data: BatchResult = {
          action: asking.action,
          handled: answers.reduce((sum, a) => sum + a.data.handled, 0),
          failed: answers.reduce((sum, a) => sum + a.data.failed, 0),
          items: answers.flatMap((a) => a.data.items),
        };
        return { message: answers[0]?.message ?? null, data };
      },
      { successNotify: false },
    );
    if (!outcome.ok) return;
    setResult(outcome.data);
    setAsking(null);
    setComment('');
    setReasons({});
    onClear?.();
    await invalidate();
  };

  // A new key per opening: what is sent (the reasons) may differ from the last attempt.
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
          <p className="mr-auto font-semibold">{label ?? t('batch.selected', { items })}</p>
          {actions.includes('approve') ? (
            <Button
              variant="inverse"
              onClick={() => ask('approve')}
              icon={<CheckCheck className="size-4" aria-hidden="true" />}
            >
              {t(onClear ? 'batch.approveSelected' : 'batch.approveAll')}
            </Button>
          ) : null}
          {actions.includes('reject') ? (
            <Button variant="danger" onClick={() => ask('reject')}>
              {t('batch.rejectSelected')}
            </Button>
          ) : null}
          {onClear ? (
            <Button variant="light" onClick={onClear}>
              {t('batch.clear')}
            </Button>
          ) : null}
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
                items: countOf(kind, approving ? going.length : count),
              })
            : ''
        }
        tone={asking?.action === 'reject' ? 'danger' : 'primary'}
        loading={loading}
        disabled={approving && going.length === 0}
        onConfirm={() => void send()}
      >
        <div className="flex flex-col gap-4">
          {/* The reasons first: the dialog opens at its action, with what goes right above it. */}
          {flagged.length ? (
            <FlaggedReasons
              kind={kind}
              flagged={flagged}
              reasons={reasons}
              onChange={(id, reason) => setReasons((all) => ({ ...all, [id]: reason }))}
            />
          ) : null}
          <SummaryList items={summary} />
          {approving && going.length === 0 ? (
            <p className="text-sm font-semibold text-amber-900">{t('batch.nothingLeft')}</p>
          ) : null}
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
