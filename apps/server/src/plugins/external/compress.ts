import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * gzip or brotli for API answers of 1 KB and more (lists, pages); the 5-second poll's small
 * answers go out as they are, so it pays nothing. Web assets are compressed once at build time
 * and sent as they are (plugins/app/web-app.ts), which this plugin leaves alone.
 */
export default fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compress' },
);
