import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** The smallest answer worth compressing, in bytes. */
export const COMPRESS_THRESHOLD = 1024;
/** The encodings offered, the preferred first (caches/public-answers.ts offers the same). */
export const COMPRESS_ENCODINGS = ['br', 'gzip'] as const;

/**
 * Brotli's quality for an answer compressed per call (a customer's or the staff's list page).
 * Measured on a page of 15 and of 100 transactions (3 and 20 KB): quality 3 is within 2 % of
 * the plugin's default 4 in bytes (354 against 356, 900 against 881) at about half the CPU
 * (65–75 µs against 96–150 for 15 rows, 138 against 224 for 100); 2 and 1 lose 13–45 %.
 */
const BROTLI_QUALITY = 3;

/**
 * gzip or brotli for API answers of 1 KB and more (lists, pages); the 5-second poll's small
 * answers go out as they are, so it pays nothing. Web assets are compressed once at build time
 * and sent as they are (plugins/app/web-app.ts), which this plugin leaves alone; so are the
 * public reads, compressed once per cached answer (caches/public-answers.ts).
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: [...COMPRESS_ENCODINGS],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    });
  },
  { name: 'compress' },
);
