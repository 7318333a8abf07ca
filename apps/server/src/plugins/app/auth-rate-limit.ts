import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * 429. An unknown account is counted like a known one, so the limit reveals nothing. `name`
 * tells the routes' counters apart (each route counts on its own, as on every server).
 */
export function perAccountLimit(
  app: FastifyInstance,
  name: string,
  accountOf: (request: FastifyRequest) => string,
) {
  const { authAccountMax, authWindowMs } = app.config.rateLimit;
  const counter = app.rateCounters.window(`account:${name}`, {
    max: authAccountMax,
    windowMs: authWindowMs,
  });
  return async (request: FastifyRequest) => {
    await counter.enforce(accountOf(request));
  };
}
