import { LIVE_EVENT, NOTIFICATIONS_API } from '@iddesk/contract';
import { useEffect } from 'react';
import { API_BASE } from '../lib/api-client';
import { liveRefresh } from './session-poll';

/**
 * The signed-in tab's live event stream (decision 042): GET /api/events with the session's
 * bearer token, through the `eventsource` client (a browser's own EventSource cannot send the
 * header), which reconnects with `Last-Event-ID` by itself. Each event runs the poll's own read
 * of what changed (session-poll.ts `liveRefresh`); the 5-second poll goes on beside it, so a
 * stream that is down only costs speed. Its code loads with the signed-in session, not with a
 * guest's first page.
 */
export function openLiveEvents(token: string): () => void {
  let closed = false;
  let source: { close(): void } | undefined;
  void import('eventsource').then(({ EventSource }) => {
    if (closed) return;
    const stream = new EventSource(`${API_BASE}${NOTIFICATIONS_API.events}`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } }),
    });
    source = stream;
    stream.addEventListener(LIVE_EVENT.notification, liveRefresh.notification);
    stream.addEventListener(LIVE_EVENT.balance, liveRefresh.balance);
    stream.addEventListener(LIVE_EVENT.queue, liveRefresh.queue);
    stream.addEventListener(LIVE_EVENT.resync, liveRefresh.resync);
    // A refusal (the session ended) is final: the poll finds out and signs the tab out.
  });
  return () => {
    closed = true;
    source?.close();
  };
}

/** One stream while signed in, a new one for a new session. */
export function useLiveEvents(token: string | null): void {
  useEffect(() => (token ? openLiveEvents(token) : undefined), [token]);
}
