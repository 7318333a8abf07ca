import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { useStaffCan } from '../../../lib/staff-role';
import type { QueueNav } from '../hooks/use-queue-nav';
import { QueueKeys } from './queue-keys';

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
};

/**
 * A queue item's page: the keys bar while it is pending, the facts to check on the left and
 * the decision on the right. On wide screens the decision column starts at the top and stays
 * in view while the screenshot scrolls, so approve and reject are visible at 1280×800 without
 * scrolling; on phones the facts come first and the decision after them.
 */
export function QueueItem({ nav, pending, what, facts, actions, outcome }: QueueItemProps) {
  const canDecide = useStaffCan('queues.decide');
  return (
    <>
      {pending ? <QueueKeys nav={nav} decide={canDecide} /> : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">{facts}</div>
        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-20">
          {!pending ? (
            outcome
          ) : canDecide ? (
            actions()
          ) : (
            <Card>
              <p className="text-slate-700">
                Waiting for a cashier: your role cannot decide {what}.
              </p>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
