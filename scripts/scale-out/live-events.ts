// The live events across servers (issue 55 item 1, decision 042): the admin's event stream is
// opened through nginx (unbuffered), and the story's customer files top-ups directly on the
// other server. Each filing's time, from sending it to the stream's `queue` event, p99 < 1 s
// (the filing's own answer, an upload with its image work, is most of it).
import { LIVE_EVENT } from '@iddesk/contract';
import { EventSource } from 'eventsource';
import type { Customer, World } from '../crash-test/world';
import type { Deployment } from './deployment';
import { ack } from './http';
import { expect, log } from './report';

/** Filings measured, one after the other, after a few unmeasured ones (a cold server's first). */
const FILINGS = 100;
const WARM_UP = 5;
const P99_LIMIT_MS = 1_000;

type QueueEvent = { queue: string; id: number; change: string };

export async function liveEventLatency(d: Deployment, world: World, story: Customer): Promise<string> {
  let upstream = '';
  const arrived = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  const source = new EventSource(`${d.base}/api/events`, {
    fetch: async (input, init) => {
      const response = await fetch(input, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${world.admin.token}` },
      });
      upstream = response.headers.get('x-upstream') ?? '';
      return response;
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      source.addEventListener(LIVE_EVENT.ready, () => resolve(), { once: true });
      source.addEventListener('error', (e) => reject(new Error(`the stream failed: ${e.code} ${e.message}`)), { once: true });
    });
    source.addEventListener(LIVE_EVENT.queue, (event) => {
      const data = JSON.parse(event.data as string) as QueueEvent;
      if (data.queue !== 'bills' || data.change !== 'new') return;
      arrived.set(data.id, performance.now());
      waiters.get(data.id)?.();
    });
    const streamServer = d.servers.find((s) => upstream.endsWith(`:${s.port}`));
    expect(streamServer, `the stream came through ${upstream || 'no'} upstream`);
    const filingServer = d.servers.find((s) => s !== streamServer)!;

    const latencies: number[] = [];
    const answered: number[] = [];
    for (let n = -WARM_UP; n < FILINGS; n += 1) {
      const started = performance.now();
      const answer = await ack(filingServer.url, world, world.addFunds(0, story));
      const answeredAt = performance.now();
      const id = Number(answer.data.id);
      const at =
        arrived.get(id) ??
        (await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no event for bill #${id} within 10 s`)), 10_000);
          waiters.set(id, () => {
            clearTimeout(timer);
            resolve(arrived.get(id)!);
          });
        }));
      if (n < 0) continue;
      latencies.push(at - started);
      answered.push(answeredAt - started);
    }
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((x, y) => x - y);
      return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
    };
    const at = (q: number) => quantile(latencies, q);
    const summary =
      `${FILINGS} filings on :${filingServer.port} → the stream on :${streamServer.port} through nginx: ` +
      `p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms ` +
      `(the filing's own answer: p50 ${quantile(answered, 0.5).toFixed(0)} ms, p99 ${quantile(answered, 0.99).toFixed(0)} ms)`;
    log(summary);
    expect(at(0.99) < P99_LIMIT_MS, `p99 ${at(0.99).toFixed(0)} ms, over ${P99_LIMIT_MS} ms`);
    return summary;
  } finally {
    source.close();
  }
}
