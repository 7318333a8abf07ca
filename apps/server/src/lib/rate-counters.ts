import { getTableName, is } from 'drizzle-orm';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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
    private readonly count: (counter: WindowCounter, key: string) => Promise<Hit>,
    /** Its keys' prefix, unique in the app. */
    readonly name: string,
    readonly options: WindowOptions,
  ) {}

  /**
   * Counts one attempt. A database error is not an answer: it propagates unchanged, so the
   * request fails (503 while the database is down) instead of passing uncounted.
   */
  hit(key: string): Promise<Hit> {
    return this.count(this, key);
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
  /**
   * Counts one attempt on each counter's key, in one statement on PostgreSQL (a money call
   * counts its IP and its account at once: one round trip fewer per call, issue 19), which also
   * carries the other calls' hits of this turn. The hits come back in the order asked. The
   * keys must differ.
   */
  hitEach(hits: Hits): Promise<Hit[]>;
  /** Stops the periodic prune of ended windows (the app is closing). */
  close(): void;
};

type Asked = {
  hits: Hits;
  resolve: (hits: Hit[]) => void;
  reject: (error: unknown) => void;
};

/**
 * A fixed window per key in the `rate_limits` table (the rows rate-limiter-flexible's
 * RateLimiterPostgres wrote: key, points, expire), for several keys in one unnamed statement (a
 * transaction-mode pooler keeps no named one): a window that ended starts again at 1; otherwise
 * the attempts count.
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
      const result = await pool.query<{ key: string; points: number; expire: string }>(text, [
        now,
        keys,
        keys.map((key) => added.get(key)!.times),
        keys.map((key) => added.get(key)!.expire),
      ]);
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

/** Windows that ended this long ago are deleted, by each server every PRUNE_EVERY_MS. */
const PRUNE_AFTER_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;

/** A key's attempt in this process's memory (rate-limiter-flexible), for the embedded database. */
async function hitInMemory(limiter: RateLimiterMemory, key: string): Promise<Hit> {
  try {
    const res = await limiter.consume(key);
    return { count: res.consumedPoints, msBeforeReset: res.msBeforeNext, limited: false };
  } catch (error) {
    // The library rejects with its result object when the key is over the limit.
    if (!(error instanceof RateLimiterRes)) throw error;
    return { count: error.consumedPoints, msBeforeReset: error.msBeforeNext, limited: true };
  }
}

export function rateCountersFor(db: Db): RateCounters {
  const pool = is(db, NodePgDatabase) ? (db as unknown as { $client: pg.Pool }).$client : null;
  const names = new Set<string>();
  const hitInPostgres = pool ? postgresHits(pool) : null;
  const prune = pool
    ? setInterval(() => {
        // Not critical: a failed prune is retried at the next.
        pool.query(`delete from "${getTableName(rateLimits)}" where expire < $1`, [Date.now() - PRUNE_AFTER_MS]).catch(() => {});
      }, PRUNE_EVERY_MS)
    : undefined;
  prune?.unref();

  return {
    where: pool ? 'postgres' : 'memory',
    window(name, options) {
      if (names.has(name)) throw new Error(`two rate-limit counters named ${name}`);
      names.add(name);
      if (hitInPostgres) return new WindowCounter(async (counter, key) => (await hitInPostgres([[counter, key]]))[0]!, name, options);
      const limiter = new RateLimiterMemory({ keyPrefix: name, points: options.max, duration: options.windowMs / 1000 });
      return new WindowCounter((_counter, key) => hitInMemory(limiter, key), name, options);
    },
    async hitEach(hits) {
      if (new Set(hits.map(([counter, key]) => `${counter.name}:${key}`)).size !== hits.length) {
        throw new Error('hitEach: the same key twice');
      }
      return hitInPostgres ? hitInPostgres(hits) : Promise.all(hits.map(([counter, key]) => counter.hit(key)));
    },
    close() {
      clearInterval(prune);
    },
  };
}
