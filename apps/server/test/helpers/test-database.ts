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
 * TEST_DATABASE_URL set, the same suite gets a new database on that PostgreSQL server.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? openFreshPostgres(serverUrl) : openPgliteFromTemplate();
}

/** The template is keyed by the migrations' content, so a new migration makes a new one. */
function templatePath(): string {
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
  return join(tmpdir(), `iddesk-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
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

async function openFreshPostgres(serverUrl: string): Promise<Database> {
  const name = `iddesk_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
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
