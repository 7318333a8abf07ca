import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './types';

/** The NOTIFY channel the cache-signal triggers write to (migrations 0010 and 0029). */
export const CACHE_CHANNEL = 'iddesk_cache';

export type ChangeListener = {
  /** One payload: `u:<user id>`, `b:<user id>`, `s:<user id>`, `n:<user id>` or `t:<table>`. */
  signal(payload: string): void;
  /** The feed came up (true) or was lost (false): caches start empty either way. */
  state(live: boolean): void;
};

/**
 * What the database says changed, for the caches of this process (issue 19, decision 034).
 * The triggers NOTIFY in the writing transaction, so a signal comes after its commit, from
 * whichever server wrote. While `live` is false a signal may have been missed, so a cache must
 * not answer from memory.
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  /**
   * Resolves once every signal committed before the call has reached this process's caches:
   * a server's answer to a write waits for it (plugins/app/db.ts), so its next call reads what
   * it wrote.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

abstract class BaseFeed implements ChangeFeed {
  live = false;
  private readonly listeners = new Set<ChangeListener>();

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected emit(payload: string): void {
    for (const l of this.listeners) l.signal(payload);
  }

  protected setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    for (const l of this.listeners) l.state(live);
  }

  abstract caughtUp(): Promise<void>;
  abstract close(): Promise<void>;
}

/** The listening connection's name in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'iddesk change feed';

/** A catch-up round trip that takes longer than this means the connection is stuck: lost. */
const CATCH_UP_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL: one dedicated connection that LISTENs, on a direct connection (a pooler in
 * transaction mode keeps no LISTEN). When it is lost the feed goes dead at once (every cache
 * empties and is bypassed) and reconnects with a growing pause (0.1 s to 2 s); it is live again
 * only once LISTEN has been answered.
 *
 * Catching up is a `select 1` on that connection: PostgreSQL signals a listening backend when a
 * transaction that notified commits, and the backend sends those notifications before it
 * answers its next statement, so once the answer is back every signal committed before the
 * `select 1` was sent has been heard. Concurrent callers share one round trip.
 */
export class PostgresChangeFeed extends BaseFeed {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | undefined;
  /** Drops the current connection as lost (set by `connect`). */
  private lose: (() => void) | undefined;
  /** The catch-up round trip on the wire, and the one queued behind it. */
  private sent: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly settings: pg.ClientConfig,
  ) {
    super();
    this.connect();
  }

  caughtUp(): Promise<void> {
    if (!this.live) return Promise.resolve();
    // A round trip on the wire may have left before the caller's commit: the next one counts.
    if (this.sent === null) return this.roundTrip();
    return (this.next ??= this.sent.then(() => {
      this.next = null;
      return this.roundTrip();
    }));
  }

  private roundTrip(): Promise<void> {
    const client = this.client;
    const lose = this.lose;
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<void>((resolve) => {
      if (!client || !this.live) return resolve();
      timer = setTimeout(() => {
        lose?.();
        resolve();
      }, CATCH_UP_TIMEOUT_MS);
      // A failure is a lost connection (the caches then empty): the caller goes on either way.
      client.query('select 1').then(
        () => resolve(),
        () => {
          lose?.();
          resolve();
        },
      );
    }).finally(() => {
      clearTimeout(timer);
      if (this.sent === answered) this.sent = null;
    });
    this.sent = answered;
    return answered;
  }

  /** The listening connection's backend pid (tests end it to prove the fallback). */
  async backendPid(): Promise<number | null> {
    const client = this.client;
    if (!client || !this.live) return null;
    const result = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return result.rows[0]?.pid ?? null;
  }

  private connect(): void {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      ...this.settings,
      application_name: CHANGE_FEED_APPLICATION,
    });
    this.client = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      this.setLive(false);
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (this.client === client) this.client = undefined;
      if (!this.closed) {
        this.timer = setTimeout(() => this.connect(), this.retryMs);
        this.timer.unref();
        this.retryMs = Math.min(this.retryMs * 2, 2_000);
      }
    };
    this.lose = onLost;
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL && message.payload) this.emit(message.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CACHE_CHANNEL}`))
      .then(() => {
        if (lost || this.closed) return;
        this.retryMs = 100;
        this.setLive(true);
      })
      .catch(onLost);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.setLive(false);
    this.client = undefined;
    if (client) await client.end().catch(() => {});
  }
}

/**
 * PGlite: its own LISTEN, in this process. The triggers' NOTIFYs reach it with the answer of the
 * writing statement's COMMIT, before the writer goes on: it is always caught up.
 */
export class PgliteChangeFeed extends BaseFeed {
  private unlisten: (() => Promise<void>) | undefined;

  async start(client: PGlite): Promise<void> {
    this.unlisten = await client.listen(CACHE_CHANNEL, (payload) => this.emit(payload));
    this.setLive(true);
  }

  caughtUp(): Promise<void> {
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.setLive(false);
    await this.unlisten?.().catch(() => {});
  }
}

const feeds = new WeakMap<Db, ChangeFeed>();

export function setChangeFeed(db: Db, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The feed of `db`, if it has one: without one, caches stay off. */
export function changeFeedOf(db: Db): ChangeFeed | undefined {
  return feeds.get(db);
}
