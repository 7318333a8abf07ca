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
  /** Resolves once every signal this process's commits raised has been sent and heard. */
  settled(): Promise<void>;
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

  settled(): Promise<void> {
    return Promise.resolve();
  }

  abstract close(): Promise<void>;
}

/**
 * The startup option of the pool's connections: their triggers put the busy signals in the
 * outbox instead of a NOTIFY that would hold every other commit behind theirs (migration 0023).
 */
export const SIGNAL_OUTBOX_OPTION = '-c iddesk.signal_outbox=on';

/** The listening connection's name in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'iddesk change feed';

/**
 * How long signals gather before the outbox is sent: one statement for many commits. Under
 * load that is at most ~20 sends a second, each a round trip on this server's main thread
 * (it was 5 ms: ~200 a second under the withdrawal row, one per deposit). Other servers see a
 * balance or a queue change this much later; this server drops its own entries at once.
 */
const OUTBOX_GATHER_MS = 50;
/** Every server sends what is left in the outbox this often (a writer that died). */
const OUTBOX_SWEEP_MS = 1_000;

/**
 * Sends and empties the outbox in one statement. The listening connection commits it without
 * waiting for the disk (synchronous_commit off): it writes only the unlogged outbox.
 */
export const SEND_OUTBOX =
  'with sent as (delete from cache_signal_outbox returning payload) ' +
  `select pg_notify('${CACHE_CHANNEL}', payload) from sent group by payload`;

/**
 * PostgreSQL: one dedicated connection that LISTENs. When it is lost the feed goes dead at
 * once (every cache empties and is bypassed) and reconnects with a growing pause (0.1 s to
 * 2 s); it is live again only once LISTEN has been answered.
 *
 * The same connection sends the signal outbox (migration 0023): `flushSoon` after every
 * commit of this server's pool, and once a second whatever happened.
 */
export class PostgresChangeFeed extends BaseFeed {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | undefined;
  private readonly sweeper: NodeJS.Timeout;
  /** A send is planned or running; `again`: a commit came after it started. */
  private flushing = false;
  private again = false;
  /** Drops the current connection as lost (set by `connect`). */
  private lose: (() => void) | undefined;
  /** Waiting for the sends to end (`settled`). */
  private settledWaiters: (() => void)[] = [];

  constructor(
    private readonly connectionString: string,
    private readonly settings: pg.ClientConfig,
  ) {
    super();
    this.connect();
    this.sweeper = setInterval(() => this.flushSoon(), OUTBOX_SWEEP_MS);
    this.sweeper.unref();
  }

  /**
   * Sends the outbox shortly (call after a commit): the send starts after the call, so it sees
   * what that commit wrote. Calls while one is planned or running make one more after it.
   */
  flushSoon(): void {
    if (this.flushing) {
      this.again = true;
      return;
    }
    this.flushing = true;
    setTimeout(() => void this.flush(), OUTBOX_GATHER_MS).unref();
  }

  private async flush(): Promise<void> {
    this.again = false;
    const client = this.client;
    try {
      // Not live: nothing is listening here; the rows wait for the reconnect or another server.
      if (client && this.live && !this.closed) await client.query(SEND_OUTBOX);
    } catch (error) {
      // The rows stay. A connection ended under the send (PostgreSQL stopping, the backend
      // terminated) reports it to the send, not as the client's 'error': the feed is dead now,
      // not only once the socket's end comes. A statement's own error (severity ERROR) is not.
      if (this.client === client && (error as { severity?: string }).severity !== 'ERROR') this.lose?.();
    } finally {
      this.flushing = false;
      if (this.again) this.flushSoon();
      else for (const resolve of this.settledWaiters.splice(0)) resolve();
    }
  }

  /**
   * Resolves once no send is planned or running. This server's own signals have come back by
   * then: PostgreSQL delivers a session's own notifications before it answers the statement.
   */
  override settled(): Promise<void> {
    if (!this.flushing) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
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
      options: '-c synchronous_commit=off',
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
        // What was written while this server was not listening.
        this.flushSoon();
      })
      .catch(onLost);
  }

  async close(): Promise<void> {
    this.forget();
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.sweeper);
    const client = this.client;
    // The last commits' signals go now, not at another server's sweep.
    if (client && this.live) await client.query(SEND_OUTBOX).catch(() => {});
    this.setLive(false);
    this.client = undefined;
    if (client) await client.end().catch(() => {});
    for (const resolve of this.settledWaiters.splice(0)) resolve();
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
