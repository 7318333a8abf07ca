import { LIVE_EVENT, NOTIFICATIONS_API } from '@iddesk/contract';
import { API_BASE } from '../lib/api-client';
import { QUERY_KEYS } from '../lib/query-keys';
import { session } from '../lib/session';
import { queryClient } from './query-client';
import { feedDeps, pollFeed, pollQueueCounts, pollSession } from './session-poll';
import { reloadUserInfo } from './user-info';

/**
 * Runs `task` for each call, but never twice at once: calls while it runs make one more run
 * after it (a burst of live events is one refresh, and the last event is never left unread).
 */
function coalesced(task: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    void task()
      .catch(() => {})
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return run;
}

/**
 * What the live stream's events do (decision 042): the poll's own reads,
 * at once, so its bookkeeping (the highest notification id, the last queue counts) keeps every
 * toast, bell and alert sound to one whichever of the two sees a change first.
 */
export const liveRefresh = {
  notification: coalesced(() => pollFeed(feedDeps)),
  balance: coalesced(() => reloadUserInfo()),
  queue: coalesced(async () => {
    await pollQueueCounts(true);
    // A new item or a decided one: the open queue lists read again.
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.admin });
  }),
  /** Events were lost: everything the poll reads, and the lists. */
  resync: coalesced(async () => {
    await pollSession();
    if (session.isAdmin()) void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.admin });
  }),
};

/** After the server answered a stream with an error: wait this long, up to twice, to try again. */
const RETRY_MS = 10_000;

/**
 * The signed-in tab's live event stream (decision 042): GET /api/events with the session's
 * bearer token, through the `eventsource` client (a browser's own EventSource cannot send the
 * header), which reconnects with `Last-Event-ID` by itself. Each event runs the poll's own read
 * of what changed (`liveRefresh`); the 5-second poll goes on beside it, so a stream that is
 * down only costs speed. This module loads with the signed-in session (shell/root-shell.tsx),
 * not with a guest's first page.
 */
export function openLiveEvents(token: string): () => void {
  let closed = false;
  let source: { close(): void } | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = async () => {
    const { EventSource } = await import('eventsource');
    if (closed) return;
    const stream = new EventSource(`${API_BASE}${NOTIFICATIONS_API.events}`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } }),
    });
    source = stream;
    stream.addEventListener(LIVE_EVENT.notification, liveRefresh.notification);
    stream.addEventListener(LIVE_EVENT.balance, liveRefresh.balance);
    stream.addEventListener(LIVE_EVENT.queue, liveRefresh.queue);
    stream.addEventListener(LIVE_EVENT.resync, liveRefresh.resync);
    stream.addEventListener('error', (event) => {
      // A dropped connection is reconnected by the client itself. An answer other than the
      // stream ends it for good: a refusal of the session (401) stays so, and the poll signs
      // the tab out; a busy or restarting server (502, 503) is tried again a while later, and
      // the resync then reads what came meanwhile.
      if (stream.readyState !== stream.CLOSED || closed || event.code === 401) return;
      retry = setTimeout(() => void open().then(liveRefresh.resync), RETRY_MS + Math.random() * RETRY_MS);
    });
  };
  void open();
  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}

