import { LIVE_EVENT } from '@iddesk/contract';
import { EventSource } from 'eventsource';

export type ReceivedEvent = { name: string; id: string; data: unknown; at: number };

/**
 * A live event stream (GET /api/events) read as the web app reads it: the `eventsource`
 * client, the bearer token on each (re)connection, and `Last-Event-ID` when given.
 */
export function openEventStream(baseUrl: string, token: string, { lastEventId }: { lastEventId?: string } = {}) {
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let failure: { code?: number; message?: string } | null = null;
  let closedByServer = false;
  const source = new EventSource(`${baseUrl}/api/events`, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...init.headers,
          authorization: `Bearer ${token}`,
          ...(lastEventId && !('Last-Event-ID' in init.headers) ? { 'last-event-id': lastEventId } : {}),
        },
      }),
  });
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  for (const name of Object.values(LIVE_EVENT)) {
    source.addEventListener(name, (event) => {
      events.push({ name, id: event.lastEventId, data: JSON.parse(event.data as string), at: Date.now() });
      wake();
    });
  }
  source.addEventListener('error', (event) => {
    // A stream the server ended is reconnected by the client (CONNECTING); a refusal is final.
    if (source.readyState === EventSource.CONNECTING) closedByServer = true;
    else failure = { code: event.code, message: event.message };
    wake();
  });

  /** Resolves with the first event (from `from` on) that `match` accepts; rejects after `limitMs`. */
  function next(match: (e: ReceivedEvent) => boolean, { from = 0, limitMs = 10_000 } = {}): Promise<ReceivedEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${limitMs} ms; got ${JSON.stringify(events)}`));
      }, limitMs);
      waiters.add(check);
      check();
    });
  }

  /** Resolves once the server ended the stream or refused it. */
  function ended(limitMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!closedByServer && !failure) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => reject(new Error('the stream did not end')), limitMs);
      waiters.add(check);
      check();
    });
  }

  return {
    events,
    next,
    ended,
    get failure() {
      return failure;
    },
    /** The last event id the client holds (what a reconnect sends). */
    get lastEventId() {
      return events.at(-1)?.id;
    },
    close: () => source.close(),
  };
}
