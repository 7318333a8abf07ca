import { setTimeout } from 'node:timers/promises';
// One measured load: autocannon with 100 connections, a warm-up that is thrown away, then the
// measured run. Every request takes the next user from a shared rotation, so tokens (and
// logins) are distinct across requests rather than one hot session.
import autocannon from 'autocannon';
import { cpuSecondsOf, mainThreadCpuSecondsOf, sampleRss, treeCpuSecondsOf } from './server-process';

export type RequestShape = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

export type LoadResult = {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Answers by status code (autocannon's statusCodeStats). */
  statusCodes: Record<string, number>;
  peakRssMiB: number;
  /** CPU milliseconds the server process spent per answered request. */
  serverCpuMs: number;
  /** Of it, the main thread's (the event loop's; not libuv's or libvips' threads). */
  mainThreadCpuMs: number;
  /** The same for the database server's processes (PostgreSQL only). */
  dbCpuMs: number | null;
};

export type LoadOptions = {
  url: string;
  pid: number;
  /** The PostgreSQL postmaster, to count its backends' CPU too. */
  dbPid?: number;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The request for the n-th call (n counts up across all connections). */
  request: (n: number) => RequestShape;
};

/** One autocannon run: `connections` in parallel for `seconds`, the n-th request from `request`. */
export function run(url: string, connections: number, seconds: number, request: LoadOptions['request']) {
  let n = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    // argon2 logins queue behind each other; give them time rather than counting timeouts.
    timeout: 30,
    // Each request its own body (the deposits' screenshots): no pipelining of one buffer.
    pipelining: 1,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const next = request(n++);
          return { ...req, ...next, headers: { ...next.headers } };
        },
      },
    ],
  });
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) {
    await run(options.url, options.connections, options.warmupSeconds, options.request);
    // autocannon stops without waiting for the answers still owed: let the server finish them,
    // or the measured run's first calls meet the warm-up's (the uploads' queue answers 503).
    await setTimeout(500);
  }
  const stopSampling = sampleRss(options.pid);
  const cpuBefore = cpuSecondsOf(options.pid);
  const mainBefore = mainThreadCpuSecondsOf(options.pid);
  const dbBefore = options.dbPid ? treeCpuSecondsOf(options.dbPid) : 0;
  const result = await run(options.url, options.connections, options.seconds, options.request);
  const peakRssMiB = stopSampling();
  // Busy machines change req/s a lot and CPU per request much less: both are reported.
  const answered = Math.max(1, result.requests.total);
  return {
    serverCpuMs: ((cpuSecondsOf(options.pid) - cpuBefore) * 1000) / answered,
    mainThreadCpuMs: ((mainThreadCpuSecondsOf(options.pid) - mainBefore) * 1000) / answered,
    dbCpuMs: options.dbPid
      ? ((treeCpuSecondsOf(options.dbPid) - dbBefore) * 1000) / answered
      : null,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    ),
    peakRssMiB,
  };
}
