import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The committed SQL migrations. Next to this module in src/db (tsx, vitest); next to
 * main.js in the bundled dist, where build.mjs copies them.
 */
export function migrationsFolder(): string {
  const folder = fileURLToPath(new URL('./migrations', import.meta.url));
  if (!existsSync(folder)) {
    throw new Error(
      `Migrations folder not found at ${folder}. Rebuild the server (npm run build).`,
    );
  }
  return folder;
}

/** Any arbitrary fixed number: serialises migrations across processes sharing one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_260_401;

/**
 * The database lacks committed migrations and the role connected may not apply them: the
 * two-role setup of docs/operations.md, where the owner role runs `npm run migrate` first.
 */
export class MigrationsNotAppliedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationsNotAppliedError';
  }
}

/** SQLSTATEs of a database with no migrations yet, and of a role refused an object. */
const UNDEFINED_TABLE = '42P01';
const UNDEFINED_SCHEMA = '3F000';
const INSUFFICIENT_PRIVILEGE = '42501';

/** The SQLSTATE of a driver error, also when Drizzle wrapped it (DrizzleQueryError's cause). */
function codeOf(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
}
const messageOf = (error: unknown) => {
  const e = error as { message?: string; cause?: { message?: string } };
  return e.cause?.message ?? e.message ?? String(error);
};

/** The committed migrations this database has not applied, as Drizzle's migrator counts them. */
async function pendingMigrations(client: pg.Client): Promise<number> {
  const committed = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  let last = -1;
  try {
    const { rows } = await client.query<{ last: string | null }>(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    last = rows[0]?.last === null || rows[0]?.last === undefined ? -1 : Number(rows[0].last);
  } catch (error) {
    // No migrations table yet: everything is pending. Anything else (a role that may not read
    // it) is left to the migrator, which then says what it cannot do.
    if (codeOf(error) !== UNDEFINED_TABLE && codeOf(error) !== UNDEFINED_SCHEMA) throw error;
  }
  return committed.filter((m) => m.folderMillis > last).length;
}

/**
 * Apply the committed migrations to the PostgreSQL database at `url`, as that URL's role, in
 * one transaction, under an advisory lock, so several servers (or a server and
 * `npm run migrate`) starting together apply them once. Nothing is locked or created when the
 * database has every migration already: a role that may only read and write rows (the app
 * role of docs/operations.md) starts on an up-to-date database. Such a role meeting missing
 * migrations gets `MigrationsNotAppliedError`. Runs on a connection of its own, without a
 * statement timeout (a migration may rebuild an index of a large table, and a process waits
 * on the lock while another migrates). `url` must reach PostgreSQL directly: the advisory
 * lock belongs to the session, which a pooler in transaction mode does not keep.
 * With `statementTimeoutMs` (a server starting), sets it as the role's default first
 * (`setStatementTimeout`). Returns how many migrations this call applied.
 */
export async function migratePostgres(
  url: string,
  connectTimeoutMs = 5_000,
  statementTimeoutMs?: number,
): Promise<number> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
  });
  await client.connect();
  try {
    if (statementTimeoutMs !== undefined) await setStatementTimeout(client, statementTimeoutMs);
    // No statement timeout on this connection (the role's default may have one).
    await client.query('set statement_timeout = 0');
    if ((await pendingMigrations(client)) === 0) return 0;
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      // Another process may have migrated while this one waited for the lock.
      const pending = await pendingMigrations(client);
      if (pending === 0) return 0;
      try {
        await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
      } catch (error) {
        if (codeOf(error) !== INSUFFICIENT_PRIVILEGE) throw error;
        const { rows } = await client.query<{ role: string }>('select current_user as role');
        throw new MigrationsNotAppliedError(
          `The database lacks ${pending} committed migration(s), and the role "${rows[0]?.role}" may not apply them ` +
            `(${messageOf(error)}). Run \`npm run migrate\` with DATABASE_OWNER_URL set to the owner role first ` +
            '(docs/operations.md, "Database roles"), then start the servers.',
          { cause: error },
        );
      }
      return pending;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_STATEMENT_TIMEOUT_SECONDS as the role's default in this database: every session the
 * role opens there later starts with it, the pool's (directly or through PgBouncer) included.
 * Without one, a runaway statement holds a pooled connection forever. A role may set its own
 * defaults (ALTER ROLE), the app role of the two-role setup too; one that may not is warned
 * about and runs without a timeout (docs/operations.md sets it by hand then).
 */
async function setStatementTimeout(client: pg.Client, ms: number): Promise<void> {
  try {
    const { rows } = await client.query<{ name: string }>('select current_database() as name');
    const database = client.escapeIdentifier(rows[0]!.name);
    await client.query(`alter role current_user in database ${database} set statement_timeout = ${Math.trunc(ms)}`);
  } catch (error) {
    process.emitWarning(`statement_timeout not set for this role: ${messageOf(error)}`);
  }
}
