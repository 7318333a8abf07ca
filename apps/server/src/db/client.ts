import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PgliteChangeFeed, PostgresChangeFeed, setChangeFeed } from './change-feed';
import { acquireDataDirLock } from './data-dir-lock';
import { migrationsFolder } from './migrate';
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

/** Any arbitrary fixed number: serialises migrations across processes sharing one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_260_401;

export type OpenDatabaseOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** A direct connection to the same database and role (DATABASE_LISTEN_URL): `databaseUrl` by default. */
  databaseListenUrl?: string | undefined;
  databaseTimeouts?: DatabaseTimeouts;
};

/**
 * The pool's size. With the LISTEN connection a server holds 11 PostgreSQL connections at full
 * load, and 12 for a moment while it starts (the connection that migrates, closed before the
 * pool opens): docs/operations.md sizes `max_connections` from it.
 */
export const POOL_SIZE = 10;

/** DATABASE_CONNECT_TIMEOUT_SECONDS and DATABASE_STATEMENT_TIMEOUT_SECONDS defaults. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
};

/** DATABASE_URL → PostgreSQL through `pg`; otherwise the embedded PGlite in DATA_DIR/db. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databaseTimeouts, options.databaseListenUrl)
    : openPgliteDataDir(options.dataDir);
}

/**
 * Connection settings of every `pg` client, pooled or direct. Without a connect timeout a
 * request waits as long as the OS does for an unreachable server (minutes); it then reaches the
 * error handler as "database unavailable" (503), not 500 (db/pg-errors.ts). No startup
 * parameter beyond the user and database (PgBouncer refuses others, `statement_timeout`
 * included): the statement timeout is the role's default (`setStatementTimeout`).
 */
export function pgClientSettings(timeouts: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
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
  const db = drizzlePglite({ client });
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
 * PostgreSQL at `connectionString`, directly or through a pooler in transaction mode
 * (PgBouncer): the pool sends unnamed statements only and keeps no session state between
 * transactions. What needs a session of its own (the migrations' lock, LISTEN) goes to
 * `directUrl`, the same database and role without the pooler.
 */
export async function openPostgres(
  connectionString: string,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
  directUrl: string = connectionString,
): Promise<Database> {
  await migratePostgres(directUrl, timeouts);
  // What changed, for the caches (db/change-feed.ts): one connection that LISTENs.
  const changes = new PostgresChangeFeed(directUrl, pgClientSettings(timeouts));
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, ...pgClientSettings(timeouts) });
  // An idle client that loses its server (restart, failover, DROP … WITH (FORCE)) emits
  // 'error' on the pool; unhandled, that would kill the process. The pool replaces it.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`);
  });
  const db = drizzleNodePg({ client: pool });
  setChangeFeed(db, changes);
  let closed = false;
  return {
    db,
    driver: 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([changes.close(), pool.end()]);
    },
  };
}

/**
 * Migrates on one direct connection, under an advisory lock (a lock belongs to its session, so
 * a transaction-mode pooler could hand the unlock to another one): servers starting together
 * migrate one after the other. Then sets the statement timeout.
 */
async function migratePostgres(directUrl: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl, ...pgClientSettings(timeouts) });
  await client.connect();
  try {
    const db = drizzleNodePg({ client });
    // No statement timeout on this connection: a server waits for another's migration on the
    // lock, and a migration may rebuild an index of a large table.
    await db.execute(sql`set statement_timeout = 0`);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migrateNodePg(db, { migrationsFolder: migrationsFolder() });
      await setStatementTimeout(db, timeouts.statementMs);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_STATEMENT_TIMEOUT_SECONDS as the role's default in this database: every session the
 * role opens there later starts with it, the pool's (directly or through PgBouncer) included.
 * Without one, a runaway statement holds a pooled connection forever. A role may set its own
 * defaults (ALTER ROLE); one that may not is warned about and runs without a timeout
 * (docs/operations.md sets it by hand then).
 */
async function setStatementTimeout(db: NodePgDatabase, ms: number): Promise<void> {
  try {
    const [{ name }] = (await db.execute<{ name: string }>(sql`select current_database() as name`)).rows as [{ name: string }];
    await db.execute(sql`alter role current_user in database ${sql.identifier(name)} set statement_timeout = ${sql.raw(String(Math.trunc(ms)))}`);
  } catch (error) {
    process.emitWarning(`statement_timeout not set for this role: ${(error as Error).message}`);
  }
}
