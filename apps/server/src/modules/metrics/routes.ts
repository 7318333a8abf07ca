import { createHash, timingSafeEqual } from 'node:crypto';
import { METRICS_PATH } from '@iddesk/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError, UnauthenticatedError } from '../../errors/app-errors';
import { type AppMetrics, createMetrics } from './registry';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const sent = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), expected);
}

/**
 * GET /metrics, Prometheus text, for whoever holds METRICS_TOKEN. Without the token the route
 * answers 404 (rather than falling through to the web app) and no hook is added, so a server
 * that does not export metrics pays nothing per request.
 */
export const metricsRoutes = fp<{ token: string | undefined }>(
  async (app, { token }) => {
    let metrics: AppMetrics | undefined;
    if (token) {
      metrics = await createMetrics(app.db);
      const observe = metrics.observe;
      app.addHook('onResponse', (request, reply, done) => {
        observe(request, reply);
        done();
      });
    }
    const expected = token ? digest(token) : null;

    app.get(
      METRICS_PATH,
      // Not part of the API: kept out of the OpenAPI document; scrapes log only failures.
      { logLevel: 'warn', schema: { hide: true } },
      async (request, reply) => {
        if (!metrics || !expected) throw new NotFoundError();
        if (!hasToken(request, expected)) {
          void reply.header('www-authenticate', 'Bearer');
          throw new UnauthenticatedError();
        }
        const { contentType, body } = await metrics.render();
        return reply.type(contentType).send(body);
      },
    );
  },
  // The hook must see every route, so it lives on the root instance.
  { name: 'metrics', dependencies: ['db'] },
);
