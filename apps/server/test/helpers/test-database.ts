import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/db/client';
import { migrationsFolder } from '../../src/db/migrate';
import type { Database } from '../../src/db/types';

/**
 * A fresh, migrated database for one test file. On PGlite it is loaded from a migrated
 * template (initdb plus migrations take seconds; loading a dump well under one). With
 * TEST_DATABASE_URL set, the same suite gets a new database on that PostgreSQL server, copied
 * from a migrated template database there (CREATE DATABASE … TEMPLATE).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? openFreshPostgres(serverUrl) : openPgliteFromTemplate();
}

/** Templates are keyed by the migrations' content, so a new migration makes a new one. */
function migrationsKey(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 16);
}

function templatePath(): string {
  return join(tmpdir(), `iddesk-pglite-template-${migrationsKey()}.tar.gz`);
}

async function openPgliteFromTemplate(): Promise<Database> {
  const path = templatePath();
  if (existsSync(path)) {
    return openPglite({ loadDataDir: new Blob([readFileSync(path)]) });
  }
  const database = await openPglite({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('gzip');
  // Written aside and renamed, so a parallel test file never reads half a template.
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return database;
}

/** Any fixed number: one test file at a time checks for (and makes) the template. */
const TEMPLATE_LOCK_ID = 7_260_402;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated template's name on this server, made by the first test file that asks. It is
 * migrated under a scratch name and renamed when done, under an advisory lock, so parallel
 * files wait for it and a run cut off mid-migration leaves no half-migrated template behind.
 */
async function postgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const template = `iddesk_template_${migrationsKey()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    const scratch = `${template}_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${scratch}"`);
    const migrated = await openPostgres(databaseUrl(serverUrl, scratch));
    await migrated.close();
    await admin.query(`ALTER DATABASE "${scratch}" RENAME TO "${template}"`);
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
  }
}

async function openFreshPostgres(serverUrl: string): Promise<Database> {
  const name = `iddesk_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = await postgresTemplate(admin, serverUrl);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  // openPostgres still runs the migrator: it finds every migration applied and does nothing.
  const database = await openPostgres(databaseUrl(serverUrl, name));
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
