import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** Payment proofs and logos: one image per form, a few text fields. */
export const UPLOAD_LIMITS = {
  fileSize: 8 * 1024 * 1024,
  files: 1,
  fields: 30,
  parts: 32,
} as const;

export default fp(
  async (app) => {
    await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
    // Set by readForm (lib/multipart.ts).
    app.decorateRequest('formDigest', null);
  },
  { name: 'multipart' },
);
