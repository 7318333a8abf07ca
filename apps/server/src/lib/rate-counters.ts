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
 * Where a `Backoff` keeps each key's count of attempts and its wait: the app's counters' store
 * (`rate_limits` on PostgreSQL, shared by every server; this process's memory otherwise).
 */
type BackoffStore = {
  /** Counts one attempt on `key` (its count lives `lifetimeMs` from its first); answers the count. */
  count(key: string): Promise<number>;
  /** Takes one attempt back from `key`'s count. */
  uncount(key: string): Promise<void>;
  /** What is left of `key`'s wait (0: none). */
  waitLeft(key: string): Promise<number>;
  /** Starts a wait of `ms` on `key` unless one is running: 0 when it started, else what is left of that one. */
  startWait(key: string, ms: number): Promise<number>;
};

/**
 * Growing waits per key (issue 51 finding 6): a key's first `free` attempts go at once; from
 * then on its n-th attempt may go only once the wait its previous one set has passed, and sets
 * the next: `baseMs` × 2^(n − free), at most `maxMs`. A key's attempts are counted (for
 * `lifetimeMs` from the first), and each key holds at most one wait: of any number of attempts
 * sent at once only one starts the next wait, and the others are refused without being counted.
 */
export class Backoff {
  constructor(
    private readonly store: BackoffStore,
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
    const left = Math.max(0, ...(await Promise.all(keys.map((key) => this.store.waitLeft(key)))));
    if (left > 0) throw refusal(left);
    const counts: number[] = [];
    let refusedMs = 0;
    for (const key of keys) {
      const n = await this.store.count(key);
      counts.push(n);
      const wait = this.waitAfter(n);
      if (wait === 0) continue;
      // Started only when the key waits for nothing.
      refusedMs = Math.max(refusedMs, await this.store.startWait(key, wait));
    }
    if (refusedMs > 0) {
      // Another attempt sent at the same moment started the wait: this one never happened.
      await Promise.all(keys.map((key) => this.store.uncount(key)));
      throw refusal(refusedMs);
    }
    return counts;
  }

  /** The attempt counted on `keys` succeeded: it is not one of the attempts that cost a wait. */
  async succeeded(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.store.uncount(key)));
  }
}

/** A Backoff's store in this process's memory: two rate-limiter-flexible limiters. */
function backoffInMemory(name: string, { baseMs, lifetimeMs }: BackoffOptions): BackoffStore {
  // Never refuses: it only counts (points far above any count a lifetime reaches).
  const attempts = new RateLimiterMemory({ keyPrefix: `${name}:attempts`, points: 1_000_000, duration: lifetimeMs / 1000 });
  // One claim per key whose window is the wait itself (`customDuration`).
  const waits = new RateLimiterMemory({ keyPrefix: `${name}:waits`, points: 1, duration: baseMs / 1000 });
  return {
    count: async (key) => (await attempts.consume(key)).consumedPoints,
    uncount: async (key) => void (await attempts.reward(key)),
    async waitLeft(key) {
      const res = await waits.get(key);
      return res && res.consumedPoints >= 1 ? res.msBeforeNext : 0;
    },
    async startWait(key, ms) {
      try {
        await waits.consume(key, 1, { customDuration: ms / 1000 });
        return 0;
      } catch (error) {
        // The library rejects with its result object when the key is over the limit.
        if (!(error instanceof RateLimiterRes)) throw error;
        return Math.max(1, error.msBeforeNext);
      }
    },
  };
}

/**
 * A Backoff's store in `rate_limits`, shared by every server: a count is a row of
 * `<name>:attempts:<key>`, a wait a row of `<name>:waits:<key>` whose `expire` is its end.
 * Unnamed statements, as the counters' (a transaction-mode pooler keeps no named one).
 */
function backoffInPostgres(pool: pg.Pool, name: string, { lifetimeMs }: BackoffOptions): BackoffStore {
  const table = `"${getTableName(rateLimits)}"`;
  const waitLeft = async (key: string) => {
    const now = Date.now();
    const { rows } = await pool.query<{ expire: string }>(`select expire from ${table} where key = $1 and expire > $2`, [
      `${name}:waits:${key}`,
      now,
    ]);
    return rows[0] ? Math.max(0, Number(rows[0].expire) - now) : 0;
  };
  return {
    async count(key) {
      const now = Date.now();
      const { rows } = await pool.query<{ points: number }>(
        `insert into ${table} as r (key, points, expire) values ($1, 1, $3) on conflict (key) do update set ` +
          'points = case when r.expire <= $2 then 1 else r.points + 1 end, ' +
          'expire = case when r.expire <= $2 then excluded.expire else r.expire end returning points',
        [`${name}:attempts:${key}`, now, now + lifetimeMs],
      );
      return rows[0]!.points;
    },
    async uncount(key) {
      await pool.query(`update ${table} set points = points - 1 where key = $1 and expire > $2`, [`${name}:attempts:${key}`, Date.now()]);
    },
    waitLeft,
    async startWait(key, ms) {
      const now = Date.now();
      // Only a wait that has ended is replaced: of two attempts at once, one starts it.
      const { rowCount } = await pool.query(
        `insert into ${table} as r (key, points, expire) values ($1, 1, $3) ` +
          'on conflict (key) do update set expire = excluded.expire where r.expire <= $2',
        [`${name}:waits:${key}`, now, now + ms],
      );
      return rowCount ? 0 : Math.max(1, await waitLeft(key));
    },
  };
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
  /** Growing waits per key (`Backoff`); its keys are named `<name>:attempts:…` and `<name>:waits:…`. */
  backoff(name: string, options: BackoffOptions): Backoff;
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
  const claim = (name: string) => {
    if (names.has(name)) throw new Error(`two rate-limit counters named ${name}`);
    names.add(name);
  };
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
      claim(name);
      if (hitInPostgres) return new WindowCounter(async (counter, key) => (await hitInPostgres([[counter, key]]))[0]!, name, options);
      const limiter = new RateLimiterMemory({ keyPrefix: name, points: options.max, duration: options.windowMs / 1000 });
      return new WindowCounter((_counter, key) => hitInMemory(limiter, key), name, options);
    },
    backoff(name, options) {
      claim(`${name}:attempts`);
      claim(`${name}:waits`);
      return new Backoff(pool ? backoffInPostgres(pool, name, options) : backoffInMemory(name, options), options);
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
