import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { useStaffCan } from '../../../lib/staff-role';
import type { QueueNav } from '../hooks/use-queue-nav';
import { QueueKeys } from './queue-keys';
import { RejectPanel, type RejectPanelProps } from './reject-panel';
import { staffText } from '../i18n';

type QueueItemProps = {
  nav: QueueNav;
  pending: boolean;
  /** "bills": names the queue for a role that cannot decide. */
  what: string;
  /** What to check: details, the proof, the history. */
  facts: ReactNode;
  /** The approve and reject panels, for a role that may decide. */
  actions: () => ReactNode;
  /** How a handled item ended. */
  outcome: ReactNode;
  /** The item's history: under the facts on wide screens, last on phones. */
  history: ReactNode;
};

/**
 * A queue item's page: the keys bar while it is pending, the facts to check on the left and
 * the decision on the right. On wide screens the decision column starts at the top and stays
 * in view while the screenshot scrolls, so approve and reject are visible at 1280×800 without
 * scrolling; on phones the facts come first and the decision after them.
 */
export function QueueItem({
  nav,
  pending,
  what,
  facts,
  actions,
  outcome,
  history,
}: QueueItemProps) {
  const t = staffText.useT();
  const canDecide = useStaffCan('queues.decide');
  return (
    <>
      {pending ? <QueueKeys nav={nav} decide={canDecide} /> : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">{facts}</div>
        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {!pending ? (
            outcome
          ) : canDecide ? (
            actions()
          ) : (
            <Card>
              <p className="text-slate-700">{t('queue.cannotDecide', { what })}</p>
            </Card>
          )}
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">{history}</div>
      </div>
    </>
  );
}

type QueueDecisionProps = {
  /** The queue's own approve panel. */
  approve: ReactNode;
  /** "bill #12", for the reject panel. */
  subject: string;
  /** What rejecting does, for its confirmation. */
  consequence: string;
  reject: RejectPanelProps['submit'];
  /** After either decision went through. */
  onDone: () => unknown;
};

/**
 * The approve and reject panels of a pending item: one above the other, side by side on wide
 * screens so both are in view at 1280×800 even with the new-ID form's three fields.
 */
export function QueueDecision({
  approve,
  subject,
  consequence,
  reject,
  onDone,
}: QueueDecisionProps) {
  return (
    <Card className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1.2fr)_auto_minmax(0,1fr)]">
      {approve}
      {/* The line between approve and reject (a column rule side by side). */}
      <div
        aria-hidden="true"
        className="border-t border-slate-200 xl:h-full xl:border-l xl:border-t-0"
      />
      <RejectPanel subject={subject} consequence={consequence} submit={reject} onDone={onDone} />
    </Card>
  );
}
