import type { FastifyInstance } from 'fastify';
import type { Database } from './db/types';

/**
 * SIGINT/SIGTERM: stop taking requests, let the running ones finish, then checkpoint and
 * close the database (which also removes the PGlite lock). A second signal exits at once.
 */
export function installShutdown(app: FastifyInstance, database: Database): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without a clean shutdown`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received: shutting down`);
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the server failed');
      code = 1;
    }
    try {
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the database failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
