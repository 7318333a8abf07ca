import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './types';

/** The NOTIFY channel the cache-signal triggers write to (migration 0010_cache_signals). */
export const CACHE_CHANNEL = 'iddesk_cache';

export type ChangeListener = {
  /** One payload: `u:<user id>`, `b:<user id>`, `s:<user id>`, `n:<user id>` or `t:<table>`. */
  signal(payload: string): void;
  /** The feed came up (true) or was lost (false): caches start empty either way. */
  state(live: boolean): void;
};

/**
 * What the database says changed, for the caches of this process (issue 19). While `live` is
 * false a signal may have been missed, so a cache must not answer from memory.
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** Every open feed of this process, for the local signals below. */
const openFeeds = new Set<BaseFeed>();

/**
 * The same signals as the triggers', sent at once to every cache of this process by the
 * repository function that writes (before its commit): this process reads its own writes
 * without waiting for PostgreSQL's NOTIFY to come back. The triggers stay the authority: they
 * fire on commit, for every writer and every server, and cover code that does not call these.
 * A signal to a cache of another database of the same process (tests) only costs a miss.
 */
export function signalUserChanged(userId: number): void {
  signalLocally(`u:${userId}`);
}

/** Only the balance of `userId` changed (the ledger's take and add; migration 0022's `b:`). */
export function signalBalanceChanged(userId: number): void {
  signalLocally(`b:${userId}`);
}

/** Call after ending one or more sessions of `userId` (logout, block, password change, revoke). */
export function signalSessionsEnded(userId: number): void {
  signalLocally(`s:${userId}`);
}

export function signalNotificationWritten(userId: number): void {
  signalLocally(`n:${userId}`);
}

export function signalTableChanged(table: string): void {
  signalLocally(`t:${table}`);
}

function signalLocally(payload: string): void {
  for (const feed of openFeeds) feed.emitLocal(payload);
}

abstract class BaseFeed implements ChangeFeed {
  live = false;
  private readonly listeners = new Set<ChangeListener>();

  constructor() {
    openFeeds.add(this);
  }

  emitLocal(payload: string): void {
    this.emit(payload);
  }

  protected forget(): void {
    openFeeds.delete(this);
  }

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

  abstract close(): Promise<void>;
}

/**
 * PostgreSQL: one dedicated connection that LISTENs. When it is lost the feed goes dead at
 * once (every cache empties and is bypassed) and reconnects with a growing pause (0.1 s to
 * 2 s); it is live again only once LISTEN has been answered.
 */
export class PostgresChangeFeed extends BaseFeed {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly settings: pg.ClientConfig,
  ) {
    super();
    this.connect();
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
    const client = new pg.Client({ connectionString: this.connectionString, ...this.settings });
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
    this.forget();
    this.closed = true;
    clearTimeout(this.timer);
    this.setLive(false);
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => {});
  }
}

/**
 * PGlite: its own LISTEN, in this process. The triggers' NOTIFYs reach it when the writing
 * statement or transaction commits.
 */
export class PgliteChangeFeed extends BaseFeed {
  private unlisten: (() => Promise<void>) | undefined;

  async start(client: PGlite): Promise<void> {
    this.unlisten = await client.listen(CACHE_CHANNEL, (payload) => this.emit(payload));
    this.setLive(true);
  }

  async close(): Promise<void> {
    this.forget();
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
