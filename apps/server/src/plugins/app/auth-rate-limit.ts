import type { FastifyInstance } from 'fastify';

/**
 * Route config for the calls an attacker would hammer: login, register and password calls.
 * Per client IP, each route counted on its own.
 */
export function authRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.rateLimit.authMax,
      timeWindow: app.config.rateLimit.authWindowMs,
    },
  };
}
