import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** The smallest answer worth compressing, in bytes. */
export const COMPRESS_THRESHOLD = 1024;
/** The encodings offered, the preferred first (lib/public-cache.ts offers the same). */
export const COMPRESS_ENCODINGS = ['br', 'gzip'] as const;

/**
 * gzip or brotli for API answers of 1 KB and more (lists, pages); the 5-second poll's small
 * answers go out as they are, so it pays nothing. Web assets are compressed once at build time
 * and sent as they are (plugins/app/web-app.ts), which this plugin leaves alone; so are the
 * public reads, compressed once per cached answer (lib/public-cache.ts).
 */
export default fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: [...COMPRESS_ENCODINGS] });
  },
  { name: 'compress' },
);
