import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for every response, the web app included. The CSP allows no inline or
 * third-party script; inline styles stay allowed for now because UI libraries set style
 * attributes at runtime.
 */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
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
};

/**
 * The headers helmet sets for `options`, computed once. With no per-request directive (no
 * nonces, no functions) they are the same for every response; @fastify/helmet rebuilt them
 * from the options on every request (parsing the CSP directives each time), ~5 % of the
 * server's CPU per poll call.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
  });
  return headers;
}

/** The headers of every response, computed once at start. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders(HELMET_OPTIONS);

export default fp(
  async (app) => {
    const headers = SECURITY_HEADERS;
    const names = Object.keys(headers);
    // On every request, before routing decides anything: 404s and errors carry them too.
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const name of names) raw.setHeader(name, headers[name]!);
      done();
    });
  },
  { name: 'helmet' },
);
