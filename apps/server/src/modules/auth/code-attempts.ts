import type { FastifyInstance } from 'fastify';
import type { RateCounters, WindowCounter } from '../../lib/rate-counters';

const counters = new WeakMap<RateCounters, WindowCounter>();

/**
 * Second-factor codes are limited like passwords (issue 15): RATE_LIMIT_AUTH_ACCOUNT_MAX
 * attempts per account per auth window, then 429, whatever the IP, counted on every server
 * (lib/rate-counters.ts). One counter for every call that takes a code, so switching between
 * the sign-in step, enrolment and disabling buys no extra guesses. Keyed by the app's counters
 * (plugin contexts are distinct objects; the counters are the app's own).
 */
export function codeAttempts(app: FastifyInstance): WindowCounter {
  let counter = counters.get(app.rateCounters);
  if (!counter) {
    const { authAccountMax, authWindowMs } = app.config.rateLimit;
    counter = app.rateCounters.window('account:second-factor', {
      max: authAccountMax,
      windowMs: authWindowMs,
    });
    counters.set(app.rateCounters, counter);
  }
  return counter;
}
