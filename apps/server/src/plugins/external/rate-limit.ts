import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../errors/app-errors';
import type { RateCounters, WindowCounter } from '../../lib/rate-counters';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every rate-limit counter lives (lib/rate-counters.ts): per account, per email. */
    rateCounters: RateCounters;
  }
}

/** What @fastify/rate-limit hands a store's `child`: the route's merged limit options. */
type RouteLimit = {
  max: unknown;
  timeWindow: unknown;
  routeInfo: { method: string | string[]; url: string };
};

/**
 * @fastify/rate-limit's store, counting in the app's counters instead of its own memory, so
 * the per-IP limits are shared between servers like every other counter. One counter per
 * route: each route is counted on its own.
 */
function counterStore(counters: RateCounters) {
  return class CounterStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly counter?: WindowCounter,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      if (!this.counter) {
        callback(new Error('rate limit without a route (register the plugin with global: false)'));
        return;
      }
      this.counter.hit(key).then(
        ({ count, msBeforeReset }) => callback(null, { current: count, ttl: msBeforeReset }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const { max, timeWindow, routeInfo } = routeOptions as RouteLimit;
      if (typeof max !== 'number' || typeof timeWindow !== 'number') {
        throw new Error(`rate limit of ${routeInfo.url}: max and timeWindow must be numbers`);
      }
      const name = `ip:${String(routeInfo.method)} ${routeInfo.url}`;
      return new CounterStore(routeOptions, counters.window(name, { max, windowMs: timeWindow }));
    }
  };
}

/**
 * Registered with `global: false`: only routes that opt in with `config.rateLimit` are
 * limited (login, register, password calls, money calls). Keys are client IPs; set
 * TRUST_PROXY behind a proxy so the real client address is used. A store error (the database
 * is down) fails the request rather than letting it through uncounted.
 */
export default fp<{ counters: RateCounters }>(
  async (app, { counters }) => {
    app.decorate('rateCounters', counters);
    app.addHook('onClose', async () => counters.close());
    await app.register(rateLimit, {
      global: false,
      store: counterStore(counters),
      skipOnError: false,
      errorResponseBuilder: (_request, context) => new RateLimitedError(context.ttl),
    });
  },
  { name: 'rate-limit' },
);
