import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { transactions, users } from '../src/db/schema';
import type { Db } from '../src/db/types';
import { Keyring, verifyAppKey } from '../src/modules/app-key';
import { adminQuery, killLeftovers, runEntry, scratchStore, type ScratchStore } from './helpers/processes';
import { createAdmin, post, registerUser, testConfig, type TestContext } from './helpers/test-app';
import { addFunds, createUpiPaymentType, deposit, userIdOf, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * The PostgreSQL restore drill of docs/operations.md ("Backup and restore"), once, in CI:
 * pg_dump -Fc a database with money in it, pg_restore into a NEW database, start a real
 * server process on the copy and read the same balances through its API.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('postgres-dump-restore.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');
const pgBin = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

const stores: ScratchStore[] = [];
const dropAfter: string[] = [];
afterEach(async () => {
  killLeftovers();
  for (const store of stores.splice(0)) await store.drop();
  for (const name of dropAfter.splice(0)) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

function run(tool: string, args: string[]) {
  const result = spawnSync(join(pgBin, tool), args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function ledger(db: Db) {
  return {
    balances: await db.select({ id: users.id, email: users.email, balance: users.balance }).from(users).orderBy(asc(users.id)),
    rows: await db.select().from(transactions).orderBy(asc(transactions.id)),
  };
}

describe('PostgreSQL backup and restore drill', () => {
  it('pg_dump -Fc, pg_restore into a new database, a server on it answers the same balances', async () => {
    const store = await scratchStore();
    stores.push(store);
    const appKey = randomBytes(32);

    // A database with money in it, written by the real app.
    let database = await openPostgres(store.databaseUrl!);
    await verifyAppKey(database.db, new Keyring(appKey));
    const config = { ...testConfig({ DATA_DIR: store.dataDir }), appKey };
    const app = await buildApp({ db: database.db, config });
    const ctx = { app, db: database.db, database, config } as unknown as TestContext;
    const admin = await createAdmin(ctx);
    const paymentType = await createUpiPaymentType(app, admin.token);
    const customers = [await registerUser(app), await registerUser(app)];
    const bill = (await addFunds(app, customers[0]!.token, paymentType.id, '750.00')).json().data;
    expect((await post(app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token)).statusCode).toBe(200);
    expect((await withdrawUpi(app, customers[0]!.token, '120')).statusCode).toBe(200);
    await deposit(app, admin.token, await userIdOf(ctx, customers[1]!.email), '333.33');
    const original = await ledger(database.db);
    const balances: string[] = [];
    for (const c of customers) {
      balances.push((await post(app, '/api/user/passport', undefined, c.token)).json().data.balance);
    }
    expect(balances).toEqual(['630.00', '333.33']);
    await app.close();
    await database.close();

    // The drill: dump, restore into a database that did not exist before.
    const dump = join(mkdtempSync(join(tmpdir(), 'iddesk-pgdump-')), 'iddesk.dump');
    run('pg_dump', ['-Fc', '--no-owner', '-d', store.databaseUrl!, '-f', dump]);
    const copyName = `iddesk_restored_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${copyName}"`);
    dropAfter.push(copyName);
    const copyUrl = new URL(serverUrl);
    copyUrl.pathname = `/${copyName}`;
    run('pg_restore', ['--no-owner', '--exit-on-error', '-d', copyUrl.toString(), dump]);

    database = await openPostgres(copyUrl.toString());
    try {
      expect(await ledger(database.db)).toEqual(original);
    } finally {
      await database.close();
    }

    // A real server process on the copy, with the same APP_KEY (its fingerprint came along).
    const port = await freePort();
    const server = runEntry('src/main.ts', {
      DATABASE_URL: copyUrl.toString(),
      APP_KEY: appKey.toString('hex'),
      DATA_DIR: join(store.dataDir, 'restored'),
      WEB_DIST_DIR: join(store.dataDir, 'no-web'),
      PORT: String(port),
    });
    await server.waitFor(/ID Desk is listening/);
    const base = `http://127.0.0.1:${port}/api`;
    const call = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    const restored: unknown[] = [];
    for (const c of customers) {
      const { api_token: token } = await call('/auth/login', { login: c.email, password: c.password });
      restored.push((await call('/user/passport', {}, token as string)).balance);
    }
    expect(restored).toEqual(balances);
    expect(await server.stop()).toBe(0);
  }, 180_000);
});
