import { join } from 'node:path';
import fp from 'fastify-plugin';
import { DiskStorage, type Storage } from '../../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Uploaded files under DATA_DIR/uploads. */
export default fp(
  async (app) => {
    app.decorate('storage', new DiskStorage(join(app.config.dataDir, 'uploads')));
  },
  { name: 'storage', dependencies: ['config'] },
);
