// One measured load: autocannon with 100 connections, a warm-up that is thrown away, then the
// measured seconds on the same connections. Every request takes the next user from a shared
// rotation, so tokens (and logins) are distinct across requests rather than one hot session.
import type { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
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
  /**
   * Writes the row in half-second windows to this file, warm-up included: answers, latency
   * percentiles and CPU per answer (`--series`). A diagnosis aid: it shows a row's warm-up ramp
   * (V8 compiling the row's code) and pauses that its one p99 hides.
   */
  seriesFile?: string;
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

/** The row in half-second windows (LoadOptions `seriesFile`), written when stopped. */
function halfSeconds(options: LoadOptions) {
  const lines = [
    `# ${options.url}: half-second windows; the first ${options.warmupSeconds * 1000} ms are the warm-up (not counted in the row)`,
    'ms\tanswers\tp50 ms\tp99 ms\tmax ms\tserver CPU ms/answer\tmain thread\tPostgreSQL',
  ];
  const cpu = () => ({
    server: cpuSecondsOf(options.pid),
    main: mainThreadCpuSecondsOf(options.pid),
    db: options.dbPid ? treeCpuSecondsOf(options.dbPid) : NaN,
  });
  const startedAt = performance.now();
  let window: number[] = [];
  let before = cpu();
  const close = (last = false) => {
    // The run's end can leave a window without answers: nothing to say about it. Within the
    // run, one is a stall, and shows as such.
    if (last && window.length === 0) return;
    const now = cpu();
    const n = window.length;
    const sorted = Float64Array.from(window).sort();
    // No answers, or no database process to read (PGlite's rows): a dash.
    const perAnswer = (a: number, b: number) => (n === 0 || Number.isNaN(b) ? '–' : (((b - a) * 1000) / n).toFixed(2));
    lines.push(
      [
        Math.round(performance.now() - startedAt),
        window.length,
        percentile(sorted, 0.5).toFixed(1),
        percentile(sorted, 0.99).toFixed(1),
        (sorted.at(-1) ?? NaN).toFixed(1),
        perAnswer(before.server, now.server),
        perAnswer(before.main, now.main),
        perAnswer(before.db, now.db),
      ].join('\t'),
    );
    window = [];
    before = now;
  };
  const interval = setInterval(() => close(), 500);
  return {
    answered: (ms: number) => window.push(ms),
    stop() {
      clearInterval(interval);
      close(true);
      writeFileSync(options.seriesFile!, `${lines.join('\n')}\n`);
    },
  };
}

/** The value below which `share` of the sorted values fall (nearest rank). */
function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * One row: a single autocannon run of warm-up plus measured seconds on the same connections,
 * counting only the answers that arrive after the warm-up. Opening 100 connections at once
 * costs this VM's two cores about a tenth of a second (the bare server's first 250 ms answer
 * half its rate), and a row that opened its own connections put that pause into its first
 * second: 150–300 of a keyed withdrawal row's ~10 000 calls over 100 ms. Browsers keep their
 * connections; the row measures the calls, not the connecting.
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  let measuring = options.warmupSeconds <= 0;
  let stopSampling = () => NaN;
  let cpuBefore = 0;
  let mainBefore = 0;
  let dbBefore = 0;
  let startedAt = 0;
  const begin = () => {
    stopSampling = sampleRss(options.pid);
    cpuBefore = cpuSecondsOf(options.pid);
    mainBefore = mainThreadCpuSecondsOf(options.pid);
    dbBefore = options.dbPid ? treeCpuSecondsOf(options.dbPid) : 0;
    startedAt = performance.now();
    measuring = true;
  };
  if (measuring) begin();
  const series = options.seriesFile ? halfSeconds(options) : null;
  // Without a callback autocannon answers its tracker: an EventEmitter that is also a promise.
  const instance = run(
    options.url,
    options.connections,
    options.warmupSeconds + options.seconds,
    options.request,
  ) as ReturnType<typeof run> & EventEmitter;
  const timer = measuring ? undefined : setTimeout(begin, options.warmupSeconds * 1000);
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    series?.answered(responseTime);
    if (!measuring) return;
    latencies.push(responseTime);
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (statusCode < 200 || statusCode > 299) non2xx++;
  });
  instance.on('reqError', () => {
    if (measuring) errors++;
  });
  try {
    await instance;
  } finally {
    clearTimeout(timer);
    series?.stop();
  }
  if (!measuring) throw new Error('the run ended before its warm-up did');
  const seconds = (performance.now() - startedAt) / 1000;
  const peakRssMiB = stopSampling();
  // Busy machines change req/s a lot and CPU per request much less: both are reported.
  const answered = Math.max(1, latencies.length);
  const sorted = Float64Array.from(latencies).sort();
  return {
    serverCpuMs: ((cpuSecondsOf(options.pid) - cpuBefore) * 1000) / answered,
    mainThreadCpuMs: ((mainThreadCpuSecondsOf(options.pid) - mainBefore) * 1000) / answered,
    dbCpuMs: options.dbPid
      ? ((treeCpuSecondsOf(options.dbPid) - dbBefore) * 1000) / answered
      : null,
    reqPerSec: latencies.length / seconds,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    non2xx,
    errors,
    statusCodes,
    peakRssMiB,
  };
}
