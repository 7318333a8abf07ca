import fp from 'fastify-plugin';
import { changeFeedOf } from '../../db/change-feed';
import type { Db } from '../../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
  interface FastifyContextConfig {
    /** A POST that only reads (the 5-second polls): its answer does not wait for the change feed. */
    readsOnly?: true;
    /** A GET that writes (block and unblock): its answer waits for the change feed. */
    writes?: true;
  }
}

/**
 * Shares the database handle (its lifetime belongs to whoever opened it, not to the app), and
 * makes this server read its own writes (decision 034): the answer to a call that may have
 * written (any method but GET and HEAD unless the route says it only reads, and a GET that says
 * it writes) goes out once the change feed has heard every signal committed before it. A customer who has just withdrawn
 * sees the new balance on their next call, a signed-out token is refused at once, and no
 * repository signals anything itself: the database's triggers do, for every writer.
 */
export default fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db);
    app.addHook('onSend', async (request) => {
      const { readsOnly, writes } = request.routeOptions.config;
      const reads = request.method === 'GET' || request.method === 'HEAD' ? !writes : readsOnly;
      if (!reads) await changeFeedOf(db)?.caughtUp();
    });
  },
  { name: 'db' },
);
