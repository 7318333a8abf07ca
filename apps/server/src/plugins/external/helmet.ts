import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers for every response, the web app included. The CSP allows no inline or
 * third-party script; inline styles stay allowed for now because UI libraries set style
 * attributes at runtime.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // Gallery videos: YouTube (privacy-enhanced) and Vimeo players, and direct https files.
          frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // The legacy header agrees with frame-ancestors 'none'.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Not needed for a same-origin app and it would block future embedded media.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet' },
);
