import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server on one PostgreSQL (lib/rate-counters.ts), in the
 * shape rate-limiter-flexible's RateLimiterPostgres reads and writes: it inserts positional
 * values (key, points, expire), so the columns and their order are the library's. Created
 * here rather than by the library at runtime, where servers starting together would race.
 * On the embedded database the counters stay in memory and this table stays empty.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limit name>:<key>`: the route and IP, the login typed, the user id, the email. */
    key: text('key').primaryKey(),
    /** Attempts counted in the current window. */
    points: integer('points').notNull().default(0),
    /** End of the window, in milliseconds since the epoch (the servers' clock). */
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
