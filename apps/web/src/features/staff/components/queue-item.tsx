import type { ItemClaim, ReusedProof } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list';
import type { StatusValue } from '../../../components/ui/status-badge';
import { useStaffCan } from '../../../lib/staff-role';
import { type QueueNav, type QueueRoutes, useQueueNav } from '../hooks/use-queue-nav';
import { ClaimBanner, useItemClaim } from './claim';
import { DetailsCard } from './details-card';
import { HistoryCard } from './history-card';
import { QueueKeys } from './queue-keys';
import { RejectPanel, type RejectPanelProps } from './reject-panel';
import { ReusedProofPanel } from './reused-proof';
import { staffText } from '../i18n';

type QueueItemProps = {
  /** The item: its id, status, age, who holds it and (payments) the reused-proof flag. */
  item: {
    id: number;
    status: StatusValue;
    created_at: string;
    claim?: ItemClaim | undefined;
    reused_proof?: ReusedProof | undefined;
  };
  /** Its queue, for the keys bar and the way on once it is handled. */
  queue: QueueRoutes;
  /** "bills": names the queue for a role that cannot decide. */
  what: string;
  /** The details card's rows, and its heading when not "Details". */
  details: DetailItem[];
  detailsTitle?: string;
  /** More to check under the details: a screenshot, where to send the money. */
  proof?: ReactNode;
  /** The approve and reject panels, for a role that may decide. */
  actions: (nav: QueueNav) => ReactNode;
  /** How a handled item ended. */
  outcome: ReactNode;
  /** The item's object type in the audit trail (`bill`), for its history. */
  historyType: string;
};

/**
 * A queue item's page: the keys bar while it is pending, who else is handling it (issue 55
 * item 2: opening it claims it; leaving releases it), the facts to check on the left (the
 * reused-proof warning, the details, the proof) and the decision on the right. On wide screens
 * the decision column starts at the top and stays in view while the screenshot scrolls, so
 * approve and reject are visible at 1280×800 without scrolling; on phones the facts come first
 * and the decision after them; the item's history under the facts, last on phones.
 */
export function QueueItem({ item, queue, what, actions, outcome, ...facts }: QueueItemProps) {
  const t = staffText.useT();
  const canDecide = useStaffCan('queues.decide');
  const nav = useQueueNav(queue, item.id);
  const pending = item.status === 'pending';
  // Issue 55 item 2: open, it is this staff member's; anyone else's hold shows above all.
  const apiItemPath = `${queue.api}/${item.id}`;
  useItemClaim(apiItemPath, item);
  return (
    <>
      {pending ? <QueueKeys nav={nav} decide={canDecide} /> : null}
      <ClaimBanner apiItemPath={apiItemPath} item={item} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <ReusedProofPanel flag={item.reused_proof} pending={pending} />
          <DetailsCard
            title={facts.detailsTitle}
            status={item.status}
            waitingSince={pending ? item.created_at : null}
          >
            <DetailList items={facts.details} />
          </DetailsCard>
          {facts.proof}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {!pending ? (
            outcome
          ) : canDecide ? (
            actions(nav)
          ) : (
            <Card>
              <p className="text-slate-700">{t('queue.cannotDecide', { what })}</p>
            </Card>
          )}
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <HistoryCard type={facts.historyType} id={item.id} />
        </div>
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
  /** Where either decision leads: the queue's next item. */
  nav: QueueNav;
};

/**
 * The approve and reject panels of a pending item: one above the other, side by side on wide
 * screens so both are in view at 1280×800 even with the new-ID form's three fields.
 */
export function QueueDecision({ approve, subject, consequence, reject, nav }: QueueDecisionProps) {
  return (
    <Card className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1.2fr)_auto_minmax(0,1fr)]">
      {approve}
      {/* The line between approve and reject (a column rule side by side). */}
      <div
        aria-hidden="true"
        className="border-t border-slate-200 xl:h-full xl:border-l xl:border-t-0"
      />
      <RejectPanel
        subject={subject}
        consequence={consequence}
        submit={reject}
        onDone={nav.afterHandled}
      />
    </Card>
  );
}
