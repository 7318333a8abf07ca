import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors/app-errors';
import { callerOf } from '../../plugins/app/auth';
import { findUpload } from './repository';
import { storageKeyOf, UPLOAD_KEY } from './service';

const KeyParamsSchema = z.object({ key: z.string().max(64) });
/** Uploads are stored re-encoded (lib/images.ts): WebP, or JPEG for photos. */
const UPLOAD_CONTENT_TYPES = ['image/webp', 'image/jpeg'];

/**
 * Uploaded files. Proofs are private: the owner and admins get them, everyone else a 404
 * (docs/product.md#who-may-do-what), so the web fetches them with the Authorization header as blobs.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/proofs/:key',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['files'],
        summary: 'A payment proof or payout screenshot (owner and admins only)',
        params: KeyParamsSchema,
        produces: UPLOAD_CONTENT_TYPES,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request).user;
      const { key } = request.params;
      const upload = UPLOAD_KEY.test(key) ? await findUpload(app.db, key, 'private') : null;
      if (!upload || (upload.ownerId !== caller.id && caller.type !== 'admin')) throw new NotFoundError();
      const data = await app.storage.get(storageKeyOf('private', key));
      if (!data) throw new NotFoundError();
      // Never stored, not even in the browser's own cache: a shared phone keeps no proof
      // after its customer signs out (issue 51 finding 7).
      return reply.type(upload.contentType).header('cache-control', 'no-store').send(data);
    },
  );

  app.get(
    '/files/public/:key',
    {
      schema: {
        tags: ['files'],
        summary: 'A public image (payment QR codes, logos, media)',
        params: KeyParamsSchema,
        produces: UPLOAD_CONTENT_TYPES,
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const upload = UPLOAD_KEY.test(key) ? await findUpload(app.db, key, 'public') : null;
      const data = upload ? await app.storage.get(storageKeyOf('public', key)) : null;
      if (!upload || !data) throw new NotFoundError();
      // Names are random and never reused, so the content behind one never changes.
      return reply
        .type(upload.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(data);
    },
  );
};
