import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WindowLimiter } from '../../lib/window-limiter';

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

/**
 * A preHandler that counts attempts per account, whatever the IP, so spreading a password
 * guess over many addresses does not help: `accountOf` names the account (the login typed, the
 * email registered, the signed-in user). RATE_LIMIT_AUTH_ACCOUNT_MAX per the auth window, then
 * 429. An unknown account is counted like a known one, so the limit reveals nothing.
 */
export function perAccountLimit(app: FastifyInstance, accountOf: (request: FastifyRequest) => string) {
  const { authAccountMax, authWindowMs } = app.config.rateLimit;
  const limiter = new WindowLimiter({ max: authAccountMax, windowMs: authWindowMs, now: () => new Date() });
  return async (request: FastifyRequest) => {
    limiter.enforce(accountOf(request));
  };
}
