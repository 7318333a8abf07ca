import { join } from 'node:path';
import fp from 'fastify-plugin';
import { S3Storage } from '../../lib/s3-storage';
import { DiskStorage, type Storage } from '../../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const NOT_SHARED_WARNING =
  'Uploads are stored on this server’s disk (DATA_DIR/uploads) and will not be shared between servers: with DATABASE_URL, set S3_BUCKET to keep them in object storage.';

/**
 * Uploaded files: in the S3 bucket when S3_BUCKET is set, else under DATA_DIR/uploads. A
 * bucket that cannot be reached stops the start (like a database that cannot be reached).
 */
export default fp(
  async (app) => {
    const { s3, databaseUrl, dataDir } = app.config;
    if (s3) {
      const storage = await S3Storage.open(s3);
      try {
        await storage.check();
      } catch (error) {
        storage.close();
        throw error;
      }
      app.addHook('onClose', async () => storage.close());
      app.decorate('storage', storage);
      app.log.info({ bucket: s3.bucket, endpoint: s3.endpoint }, 'uploads are stored in the S3 bucket');
      return;
    }
    app.decorate('storage', new DiskStorage(join(dataDir, 'uploads')));
    // Several servers on one PostgreSQL would each see only their own uploads.
    if (databaseUrl) app.log.warn(NOT_SHARED_WARNING);
  },
  { name: 'storage', dependencies: ['config'] },
);
