import fp from 'fastify-plugin';
import type { Db } from '../../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Shares the database handle. Its lifetime belongs to whoever opened it, not to the app. */
export default fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
