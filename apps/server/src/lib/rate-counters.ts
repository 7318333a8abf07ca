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
  constructor(
    private readonly limiter: RateLimiterAbstract,
    /** Its keys' prefix, unique in the app. */
    readonly name: string,
    readonly options: WindowOptions,
  ) {}

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
    refuseIfLimited(await this.hit(key));
  }
}

/** The 429 (with its Retry-After seconds) for an attempt over its limit. */
export function refuseIfLimited({ limited, msBeforeReset }: Hit): void {
  if (limited) throw new RateLimitedError(msBeforeReset, Math.max(1, Math.ceil(msBeforeReset / 1000)));
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
  /**
   * Counts one attempt on each counter's key, in one statement on PostgreSQL (a money call
   * counts its IP and its account at once: one round trip fewer per call, issue 19). The hits
   * come back in the order asked. The keys must differ.
   */
  hitEach(hits: readonly (readonly [WindowCounter, string])[]): Promise<Hit[]>;
};

/**
 * rate-limiter-flexible's fixed window (RateLimiterPostgres' upsert, the same rows) for several
 * keys in one statement: a window that ended starts again at 1; otherwise the attempt counts.
 */
async function hitEachInPostgres(pool: pg.Pool, hits: readonly (readonly [WindowCounter, string])[]): Promise<Hit[]> {
  const now = Date.now();
  const values: (string | number)[] = [now];
  const rows = hits.map(([counter, key]) => {
    values.push(`${counter.name}:${key}`, now + counter.options.windowMs);
    return `($${values.length - 1}, 1, $${values.length})`;
  });
  const table = getTableName(rateLimits);
  const result = await pool.query<{ key: string; points: number; expire: string }>({
    name: `${table} hit ${hits.length}`,
    text:
      `insert into "${table}" as r (key, points, expire) values ${rows.join(', ')} ` +
      'on conflict (key) do update set ' +
      'points = case when r.expire <= $1 then 1 else r.points + 1 end, ' +
      'expire = case when r.expire <= $1 then excluded.expire else r.expire end ' +
      'returning key, points, expire',
    values,
  });
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return hits.map(([counter, key]) => {
    const row = byKey.get(`${counter.name}:${key}`)!;
    return { count: row.points, msBeforeReset: Math.max(0, Number(row.expire) - now), limited: row.points > counter.options.max };
  });
}

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
      return new WindowCounter(limiterFor(name, options), name, options);
    },
    async hitEach(hits) {
      if (new Set(hits.map(([counter, key]) => `${counter.name}:${key}`)).size !== hits.length) {
        throw new Error('hitEach: the same key twice');
      }
      return pool ? hitEachInPostgres(pool, hits) : Promise.all(hits.map(([counter, key]) => counter.hit(key)));
    },
  };
}
