import type { AdminStats } from '@iddesk/contract';
import { useSyncExternalStore } from 'react';
import { runAction, showErrorToast } from '../../lib/action';
import { session } from '../../lib/session';
import { playSound } from '../../lib/sound';
import { getAdminStats } from './api/get-admin-stats';

/**
 * The admin's live queue counts (new IDs, requests, bills, withdrawals), polled on the
 * session's 5-second clock. A rise in any count plays the alert sound once. `claims` is the
 * fingerprint of who holds which item (issue 55 item 2): a change refreshes the queue pages.
 */
export type QueueCounts = AdminStats;
export type QueueKey = Exclude<keyof QueueCounts, 'claims'>;
const QUEUE_KEYS: QueueKey[] = ['bills', 'withdrawals', 'requests', 'new_ids'];
/** What changed since the last reading: the queues that grew, and `claims` when claims did. */
export type QueueChange = QueueKey | 'claims';

type State = { token: string | null; counts: QueueCounts | null };

let state: State = { token: null, counts: null };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

/** Which queues grew between two readings (none on the first reading of a session). */
export function risenQueues(before: QueueCounts | null, after: QueueCounts): QueueKey[] {
  if (!before) return [];
  return QUEUE_KEYS.filter((key) => after[key] > before[key]);
}

let inFlight: Promise<QueueChange[]> | null = null;

/**
 * Reads the counts; returns the queues that grew (and rings once if any did), and `claims`
 * when someone took or let go of an item (or on the first reading). The first reading of a
 * session only sets the counts' baseline: what waited before is not news. A reading under way
 * is shared, unless `fresh` (a live event: the change came after that reading was sent), which
 * reads again after it.
 */
export function pollQueueCounts(fresh = false): Promise<QueueChange[]> {
  if (fresh && inFlight) return inFlight.then(() => pollQueueCounts());
  inFlight ??= (async () => {
    const token = session.token();
    if (!token || !session.isAdmin()) {
      set({ token: null, counts: null });
      return [];
    }
    const result = await runAction(getAdminStats, { successNotify: false, errorNotify: false });
    if (!result.ok) {
      // A staff member who has not enrolled a second factor yet is on their way to do it (the
      // admin guard sends them): that refusal is expected, not an error to toast (issue 56).
      if (result.error.code !== 'SECOND_FACTOR_REQUIRED') showErrorToast(result.error);
      return [];
    }
    if (session.token() !== token) return [];
    const before = state.token === token ? state.counts : null;
    const risen = risenQueues(before, result.data);
    set({ token, counts: result.data });
    if (risen.length > 0) playSound('alert');
    // The first reading refreshes too: a claim taken between a page's fetch and this reading
    // would otherwise show only at the next change.
    const claims = before === null || before.claims !== result.data.claims;
    return claims ? [...risen, 'claims' as const] : risen;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export function resetQueueCounts(): void {
  set({ token: null, counts: null });
}

const snapshot = () =>
  state.token !== null && state.token === session.token() ? state.counts : null;

/** The latest counts for the signed-in admin, or null before the first reading. */
export function useQueueCounts(): QueueCounts | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    () => null,
  );
}
