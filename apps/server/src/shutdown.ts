import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { EnvConfig } from './config/env';
import type { Database } from './db/types';

/**
 * SIGTERM (an orchestrator or a service manager stopping this server):
 * 1. readiness (GET /api/health/ready) answers 503 at once, so the load balancer stops
 *    sending new work here;
 * 2. for SHUTDOWN_GRACE_SECONDS (5 s with DATABASE_URL, else 0) it keeps accepting and
 *    serving, until the balancer has seen that 503 (a balancer that only notices refused
 *    connections needs no grace);
 * 3. the listener closes; the running requests finish;
 * 4. the database is checkpointed (PGlite) and closed, which also removes the PGlite lock.
 * Whatever is still running SHUTDOWN_TIMEOUT_SECONDS after the signal, the process exits
 * (code 1). SIGINT (Ctrl-C in a terminal) skips the grace period. A second signal exits at once.
 */
export function installShutdown(
  app: FastifyInstance,
  database: Database,
  { timeoutMs, graceMs }: EnvConfig['shutdown'],
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without a clean shutdown`);
      process.exit(1);
    }
    stopping = true;
    app.lifecycle.startDraining();
    setTimeout(() => {
      app.log.error(
        `shutdown deadline: requests still running ${timeoutMs / 1000} s after ${signal}; exiting`,
      );
      process.exit(1);
    }, timeoutMs);

    const grace = signal === 'SIGTERM' ? graceMs : 0;
    app.log.info(
      `${signal} received: not ready any more; closing in ${grace / 1000} s, ` +
        `exiting at the latest ${timeoutMs / 1000} s from now`,
    );
    if (grace > 0) await sleep(grace);

    let code = 0;
    // Closing waits for every open connection. A kept-alive one whose request was still
    // running when the listener closed would otherwise stay open until its keep-alive timeout
    // (72 s): close each as soon as it has no request in flight.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 200);
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the server failed');
      code = 1;
    } finally {
      clearInterval(reaper);
    }
    try {
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the database failed');
      code = 1;
    }
    if (code === 0) app.log.info('shut down cleanly');
    process.exit(code);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
