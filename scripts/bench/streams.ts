// The bench's idle live event streams (issue 55 item 1, decision 042): many signed-in tabs that
// hold GET /api/events open while the poll row is measured, each on its own connection.
import http from 'node:http';

export const IDLE_STREAMS = 5_000;

/** Opens `count` streams with the given tokens (round robin); resolves once each has started. */
export async function openIdleStreams(url: string, tokens: string[], count = IDLE_STREAMS): Promise<() => void> {
  const { hostname, port } = new URL(url);
  const requests: http.ClientRequest[] = [];
  const opened: Promise<void>[] = [];
  // Fifty at a time: what is measured is holding them, not a burst of token checks (a burst
  // of hundreds waits past the pool's connect timeout on a loaded host and gets 503).
  for (let n = 0; n < count; n += 1) {
    opened.push(
      new Promise<void>((resolve, reject) => {
        const request = http.get(
          {
            hostname,
            port,
            path: '/api/events',
            agent: false,
            headers: { accept: 'text/event-stream', authorization: `Bearer ${tokens[n % tokens.length]}` },
          },
          (response) => {
            if (response.statusCode !== 200) return reject(new Error(`stream ${n}: ${response.statusCode}`));
            // The first event (ready) says the stream is registered; the rest is read and dropped.
            response.once('data', () => resolve());
            response.resume();
          },
        );
        request.on('error', (error) => reject(error));
        requests.push(request);
      }),
    );
    if (n % 50 === 49) await Promise.all(opened.slice(n - 49));
  }
  await Promise.all(opened);
  return () => {
    for (const request of requests) request.destroy();
  };
}
