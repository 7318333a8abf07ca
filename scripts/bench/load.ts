// One measured load: autocannon with 100 connections, a warm-up that is thrown away, then the
// measured run. Every request takes the next user from a shared rotation, so tokens (and
// logins) are distinct across requests rather than one hot session.
import autocannon from 'autocannon';
import { sampleRss } from './server-process';

export type RequestShape = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export type LoadResult = {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  peakRssMiB: number;
};

export type LoadOptions = {
  url: string;
  pid: number;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The request for the n-th call (n counts up across all connections). */
  request: (n: number) => RequestShape;
};

function run(url: string, connections: number, seconds: number, request: LoadOptions['request']) {
  let n = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    // argon2 logins queue behind each other; give them time rather than counting timeouts.
    timeout: 30,
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
  }
  const stopSampling = sampleRss(options.pid);
  const result = await run(options.url, options.connections, options.seconds, options.request);
  const peakRssMiB = stopSampling();
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    peakRssMiB,
  };
}
