import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../errors/app-errors';

/**
 * Registered with `global: false`: only routes that opt in with `config.rateLimit` are
 * limited (login, register, password calls). Keys are client IPs; set TRUST_PROXY behind a
 * proxy so the real client address is used.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => new RateLimitedError(context.after),
    });
  },
  { name: 'rate-limit' },
);
