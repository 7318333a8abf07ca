import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions, types } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PgliteChangeFeed, PostgresChangeFeed, SIGNAL_OUTBOX_OPTION, setChangeFeed } from './change-feed';
import { acquireDataDirLock } from './data-dir-lock';
import { migratePostgres, migrationsFolder } from './migrate';
import { PgliteStatements } from './pglite-statements';
import { PipelinedConnection, PipelinedConnections } from './pipeline';
import { PlanCachingClient } from './plan-cache';
import { setStatementRunners } from './prepared';
import type { DatabaseTimeouts } from '../config/env';
import type { Database } from './types';

/**
 * int8 comes back as a string, exactly like node-postgres, so bigint money columns keep every
 * digit and both drivers behave the same.
 */
const pgliteParsers = { [types.INT8]: (value: string) => value };

/**
 * PGlite's postgres keeps its buffer pool inside the server process, and stock PostgreSQL's
 * 128MB pool is touched in full at start: that alone put an idle server near 300 MB RSS. The
 * data files are read through the OS page cache anyway, so a small pool costs little
 * (docs/performance.md: the issue 8 budget is 300 MB under the poll load). 8MB since the poll
 * reads a handful of pages per call: the same req/s as 16MB, 20–30 MiB less at the peak.
 */
const PGLITE_SETTINGS = ['shared_buffers=8MB'];

export type OpenDatabaseOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseTimeouts?: DatabaseTimeouts;
};

/** DATABASE_CONNECT_TIMEOUT_SECONDS and DATABASE_STATEMENT_TIMEOUT_SECONDS defaults. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
};

/** DATABASE_URL → PostgreSQL through `pg`; otherwise the embedded PGlite in DATA_DIR/db. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databaseTimeouts)
    : openPgliteDataDir(options.dataDir);
}

/**
 * Connection settings of every `pg` client, pooled or pipelined. Without a connect timeout a
 * request waits as long as the OS does for an unreachable server (minutes); without a
 * statement timeout one runaway statement holds a pooled connection forever. Both failures
 * reach the error handler as "database unavailable" (503), not 500 (db/pg-errors.ts).
 */
export function pgClientSettings(timeouts: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // A server that vanished without closing the socket (host down) is noticed by TCP.
    keepAlive: true,
  } satisfies pg.ClientConfig;
}

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 compiles it with its baseline compiler
 * (Liftoff) and then recompiles hot functions with TurboFan on worker threads; what those
 * compilations allocate stays in glibc's per-thread arenas, 50–70 MiB of the server's RSS under
 * the poll load. The poll's time is spent in JavaScript, not in PostgreSQL: without the tier-up
 * it answers as many requests per second (docs/performance.md). Process-wide, and set before
 * PGlite compiles its module; the server, not the tests, opens data dirs.
 */
function keepWasmOnBaselineCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

async function openPgliteDataDir(dataDir: string): Promise<Database> {
  keepWasmOnBaselineCompiler();
  const lock = acquireDataDirLock(dataDir);
  try {
    return await openPglite({ dataDir: join(dataDir, 'db') }, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite runs PostgreSQL on this thread and answers in microtasks, so under load one caller's
 * statement after another's ran without the event loop ever reaching its I/O phase: sockets
 * were read only every 100–400 ms, and a call that arrived then waited seconds (a keyed
 * withdrawal p99 of 3.4 s at p50 151 ms, docs/performance.md). Each statement or transaction,
 * once it holds PGlite's lock, first lets one turn of the event loop pass (`setImmediate`).
 * Inside a transaction nothing waits: its statements keep the lock only as long as they need.
 */
function takeTurns(client: PGlite): void {
  const run = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(work: () => Promise<T>) =>
    run(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return work();
    });
}

/** A migrated PGlite. `options` may point at a data dir or load a dumped one (tests). */
export async function openPglite(
  options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'>,
  onClosed: () => void = () => {},
): Promise<Database> {
  const client = await PGlite.create({
    ...options,
    parsers: pgliteParsers,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  });
  takeTurns(client);
  const db = drizzlePglite({ client });
  // Every prepared statement, whatever its lane (prepared.ts): named, parsed and planned once.
  const statements = new PgliteStatements(client);
  setStatementRunners(db, { hot: statements, list: statements, wait: statements });
  try {
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.close();
    throw error;
  }
  // What changed, for the caches (db/change-feed.ts): PGlite's own LISTEN, in this process.
  const changes = new PgliteChangeFeed();
  await changes.start(client);
  setChangeFeed(db, changes);
  let closed = false;
  return {
    db,
    driver: 'pglite',
    statements,
    listStatements: statements,
    waitStatements: statements,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await changes.close();
        // Flush everything to the data files so the next start does no recovery work.
        await client.exec('CHECKPOINT');
        await client.close();
      } finally {
        onClosed();
      }
    },
  };
}

/**
 * Connections of the `wait` lane (prepared.ts): pipelined, for the statements that may wait
 * for a row lock (decision 030). Eight cost the server's main thread ~0.04 ms less a keyed
 * withdrawal than four (alternated both ways round), for four more connections a server.
 */
const WAIT_CONNECTIONS = 8;

export async function openPostgres(
  connectionString: string,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<Database> {
  // What changed, for the caches (db/change-feed.ts): one connection that LISTENs, and sends
  // the signals the pool's commits leave in the outbox.
  const changes = new PostgresChangeFeed(connectionString, pgClientSettings(timeouts));
  // PlanCachingClient: the lists' statements keep their plans (db/plan-cache.ts).
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    Client: PlanCachingClient,
    ...pgClientSettings(timeouts),
    options: SIGNAL_OUTBOX_OPTION,
    afterWrite: () => changes.flushSoon(),
  } as pg.PoolConfig);
  // An idle client that loses its server (restart, failover, DROP … WITH (FORCE)) emits
  // 'error' on the pool; unhandled, that would kill the process. The pool replaces it.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`);
  });
  try {
    await migratePostgres(connectionString, timeouts.connectMs);
  } catch (error) {
    await Promise.all([changes.close(), pool.end()]);
    throw error;
  }
  const db = drizzleNodePg({ client: pool });
  // The token check and the poll: one pipelined connection instead of a pool checkout each;
  // the list pages another, so a long list never holds up a poll (prepared.ts StatementLane).
  const pipeline = new PipelinedConnection(connectionString, pgClientSettings(timeouts));
  const lists = new PipelinedConnection(connectionString, pgClientSettings(timeouts));
  // Statements that may wait for a row lock: pipelined too, on connections of their own that
  // write through the signal outbox, as the pool's do (decision 030).
  const waits = new PipelinedConnections(
    WAIT_CONNECTIONS,
    connectionString,
    { ...pgClientSettings(timeouts), options: SIGNAL_OUTBOX_OPTION },
    () => changes.flushSoon(),
  );
  setStatementRunners(db, { hot: pipeline, list: lists, wait: waits });
  setChangeFeed(db, changes);
  let closed = false;
  return {
    db,
    driver: 'postgres',
    statements: pipeline,
    listStatements: lists,
    waitStatements: waits,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([changes.close(), pipeline.close(), lists.close(), waits.close(), pool.end()]);
    },
  };
}
