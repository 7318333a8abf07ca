import { getTableName, is } from 'drizzle-orm';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { rateLimits } from '../db/schema';
import type { Db } from '../db/types';
import { RateLimitedError } from '../errors/app-errors';

export type WindowOptions = { max: number; windowMs: number };

/** One attempt counted: how many so far in this window, and when the window ends. */
export type Hit = { count: number; msBeforeReset: number; limited: boolean };

/**
 * A fixed window per key (rate-limiter-flexible): the first attempt opens it for `windowMs`,
 * every attempt counts, and attempts past `max` are refused until it ends.
 */
export class WindowCounter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /**
   * Counts one attempt. A database error is not an answer: it propagates unchanged, so the
   * request fails (503 while the database is down) instead of passing uncounted.
   */
  async hit(key: string): Promise<Hit> {
    try {
      const res = await this.limiter.consume(key);
      return { count: res.consumedPoints, msBeforeReset: res.msBeforeNext, limited: false };
    } catch (error) {
      // The library rejects with its result object when the key is over the limit.
      if (!(error instanceof RateLimiterRes)) throw error;
      return { count: error.consumedPoints, msBeforeReset: error.msBeforeNext, limited: true };
    }
  }

  /** Counts one attempt; over the limit, throws the 429 (with its Retry-After seconds). */
  async enforce(key: string): Promise<void> {
    const { limited, msBeforeReset } = await this.hit(key);
    if (limited) {
      throw new RateLimitedError(
        msBeforeReset,
        Math.max(1, Math.ceil(msBeforeReset / 1000)),
      );
    }
  }
}

/**
 * Where an app's rate-limit counters live. On PostgreSQL every server shares them (the
 * `rate_limits` table), so N servers enforce one limit; on the embedded database there is one
 * process, and they stay in its memory. Counters with the same name share their keys: names
 * must be the same on every server and unique within one.
 */
export type RateCounters = {
  readonly where: 'memory' | 'postgres';
  window(name: string, options: WindowOptions): WindowCounter;
};

export function rateCountersFor(db: Db): RateCounters {
  const pool = is(db, NodePgDatabase) ? (db as unknown as { $client: pg.Pool }).$client : null;
  const names = new Set<string>();
  let pruning = false;

  const limiterFor = (keyPrefix: string, { max, windowMs }: WindowOptions): RateLimiterAbstract => {
    const common = { keyPrefix, points: max, duration: windowMs / 1000 };
    if (!pool) return new RateLimiterMemory(common);
    // One limiter per app deletes windows that ended an hour ago, every five minutes.
    const clearExpiredByTimeout = !pruning;
    pruning = true;
    return new RateLimiterPostgres({
      ...common,
      storeClient: pool,
      storeType: 'pool',
      tableName: getTableName(rateLimits),
      // Created by migration 0007, not by the library at start (servers would race).
      tableCreated: true,
      clearExpiredByTimeout,
    });
  };

  return {
    where: pool ? 'postgres' : 'memory',
    window(name, options) {
      if (names.has(name)) throw new Error(`two rate-limit counters named ${name}`);
      names.add(name);
      return new WindowCounter(limiterFor(name, options));
    },
  };
}
