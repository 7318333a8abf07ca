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

export type BackoffOptions = {
  /** Attempts a key makes before it waits; the last of them starts the first wait. */
  free: number;
  /** The first wait; each attempt after it doubles the next one... */
  baseMs: number;
  /** ...up to this. */
  maxMs: number;
  /** How long a key's attempts are remembered, from its first one (memory: under 24 days). */
  lifetimeMs: number;
};

/**
 * Growing waits per key (issue 51 finding 6): a key's first `free` attempts go at once; from
 * then on its n-th attempt may go only once the wait its previous one set has passed, and sets
 * the next: `baseMs` × 2^(n − free), at most `maxMs`. Built on two rate-limiter-flexible
 * limiters of the app's store: `attempts` counts (one window of `lifetimeMs`); `waits` holds one
 * claim per key whose window is the wait itself (`customDuration`), so of any number of attempts
 * sent at once only one takes the slot, and the others are refused without being counted.
 */
export class Backoff {
  constructor(
    private readonly attempts: RateLimiterAbstract,
    private readonly waits: RateLimiterAbstract,
    readonly options: BackoffOptions,
  ) {}

  /** The wait the n-th attempt of a key sets before its next one (0: none). */
  waitAfter(n: number): number {
    const { free, baseMs, maxMs } = this.options;
    return n < free ? 0 : Math.min(maxMs, baseMs * 2 ** Math.min(n - free, 40));
  }

  /**
   * Counts one attempt on each key, or throws the 429 (its Retry-After the longest wait left)
   * and counts none when a key is still waiting. Answers each key's count of attempts.
   */
  async attempt(keys: readonly string[]): Promise<number[]> {
    // Most refusals cost one read: a key still waiting refuses before anything is counted.
    const waiting = await Promise.all(keys.map((key) => this.waits.get(key)));
    const left = Math.max(0, ...waiting.map((res) => (res && res.consumedPoints >= 1 ? res.msBeforeNext : 0)));
    if (left > 0) throw refusal(left);
    const counts: number[] = [];
    let refusedMs = 0;
    for (const key of keys) {
      const { consumedPoints: n } = await this.attempts.consume(key);
      counts.push(n);
      const wait = this.waitAfter(n);
      if (wait === 0) continue;
      try {
        // Taken only when the key waits for nothing; its window is the next wait.
        await this.waits.consume(key, 1, { customDuration: wait / 1000 });
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        refusedMs = Math.max(refusedMs, error.msBeforeNext);
      }
    }
    if (refusedMs > 0) {
      // Another attempt sent at the same moment took the slot: this one never happened.
      await Promise.all(keys.map((key) => this.attempts.reward(key)));
      throw refusal(refusedMs);
    }
    return counts;
  }

  /** The attempt counted on `keys` succeeded: it is not one of the attempts that cost a wait. */
  async succeeded(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.attempts.reward(key)));
  }
}

function refusal(ms: number): RateLimitedError {
  return new RateLimitedError(ms, Math.max(1, Math.ceil(ms / 1000)));
}

/** Attempts to count: each counter with the key it counts under. */
type Hits = readonly (readonly [WindowCounter, string])[];

/**
 * Where an app's rate-limit counters live. On PostgreSQL every server shares them (the
 * `rate_limits` table), so N servers enforce one limit; on the embedded database there is one
 * process, and they stay in its memory. Counters with the same name share their keys: names
 * must be the same on every server and unique within one.
 */
export type RateCounters = {
  readonly where: 'memory' | 'postgres';
  window(name: string, options: WindowOptions): WindowCounter;
  /** Growing waits per key (`Backoff`); its two limiters are named `<name>:attempts` and `<name>:waits`. */
  backoff(name: string, options: BackoffOptions): Backoff;
  /**
   * Counts one attempt on each counter's key, in one statement on PostgreSQL (a money call
   * counts its IP and its account at once: one round trip fewer per call, issue 19), which also
   * carries the other calls' hits of this turn. The hits come back in the order asked. The
   * keys must differ.
   */
  hitEach(hits: Hits): Promise<Hit[]>;
};

type Asked = {
  hits: Hits;
  resolve: (hits: Hit[]) => void;
  reject: (error: unknown) => void;
};

/**
 * rate-limiter-flexible's fixed window (RateLimiterPostgres' upsert, the same rows) for several
 * keys in one statement: a window that ended starts again at 1; otherwise the attempts count.
 *
 * Every `hitEach` asked in one turn of the event loop goes out in that one statement (issue 19:
 * under load a turn reads several money calls, and each cost a round trip and an upsert of its
 * IP's row, which every call from that IP queued on). A key asked n times adds n, and the
 * calls get its counts in the order they asked, as n statements would have given them: each
 * attempt is counted once, and the one past `max` is refused. The keys are written in sorted
 * order, so two servers' statements lock shared rows in the same order and cannot deadlock.
 */
function postgresHits(pool: pg.Pool): (hits: Hits) => Promise<Hit[]> {
  const table = getTableName(rateLimits);
  const text =
    `insert into "${table}" as r (key, points, expire) ` +
    'select * from unnest($2::text[], $3::int4[], $4::int8[]) order by 1 ' +
    'on conflict (key) do update set ' +
    'points = case when r.expire <= $1 then excluded.points else r.points + excluded.points end, ' +
    'expire = case when r.expire <= $1 then excluded.expire else r.expire end ' +
    'returning key, points, expire';
  let waiting: Asked[] = [];

  const send = async () => {
    const asked = waiting;
    waiting = [];
    const now = Date.now();
    const added = new Map<string, { times: number; expire: number }>();
    for (const { hits } of asked) {
      for (const [counter, key] of hits) {
        const name = `${counter.name}:${key}`;
        const entry = added.get(name);
        if (entry) entry.times += 1;
        else added.set(name, { times: 1, expire: now + counter.options.windowMs });
      }
    }
    const keys = [...added.keys()].sort();
    try {
      const result = await pool.query<{ key: string; points: number; expire: string }>({
        name: `${table} hit`,
        text,
        values: [now, keys, keys.map((key) => added.get(key)!.times), keys.map((key) => added.get(key)!.expire)],
      });
      const next = new Map(
        result.rows.map((row) => [
          row.key,
          { count: row.points - added.get(row.key)!.times + 1, msBeforeReset: Math.max(0, Number(row.expire) - now) },
        ]),
      );
      for (const { hits, resolve } of asked) {
        resolve(
          hits.map(([counter, key]) => {
            const counted = next.get(`${counter.name}:${key}`)!;
            const count = counted.count++;
            return { count, msBeforeReset: counted.msBeforeReset, limited: count > counter.options.max };
          }),
        );
      }
    } catch (error) {
      for (const { reject } of asked) reject(error);
    }
  };

  return (hits) =>
    new Promise<Hit[]>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void send());
      waiting.push({ hits, resolve, reject });
    });
}

export function rateCountersFor(db: Db): RateCounters {
  const pool = is(db, NodePgDatabase) ? (db as unknown as { $client: pg.Pool }).$client : null;
  const names = new Set<string>();
  const hitInPostgres = pool ? postgresHits(pool) : null;
  let pruning = false;
  const claim = (name: string) => {
    if (names.has(name)) throw new Error(`two rate-limit counters named ${name}`);
    names.add(name);
  };

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
      claim(name);
      return new WindowCounter(limiterFor(name, options), name, options);
    },
    backoff(name, options) {
      claim(`${name}:attempts`);
      claim(`${name}:waits`);
      return new Backoff(
        // Never refuses: it only counts (points far above any count a lifetime reaches).
        limiterFor(`${name}:attempts`, { max: 1_000_000, windowMs: options.lifetimeMs }),
        limiterFor(`${name}:waits`, { max: 1, windowMs: options.baseMs }),
        options,
      );
    },
    async hitEach(hits) {
      if (new Set(hits.map(([counter, key]) => `${counter.name}:${key}`)).size !== hits.length) {
        throw new Error('hitEach: the same key twice');
      }
      return hitInPostgres ? hitInPostgres(hits) : Promise.all(hits.map(([counter, key]) => counter.hit(key)));
    },
  };
}
