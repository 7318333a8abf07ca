import { randomBytes } from 'node:crypto';
import { isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { appKeyFingerprint } from '../src/db/schema';
import { openSecret } from '../src/lib/secret-box';
import { fingerprintOf, Keyring, SEALED_COLUMNS, verifyAppKey } from '../src/modules/app-key';
import { approveId, createFromWallet, createItem, customerWith, LOGIN, PASSWORD } from './helpers/ids-fixtures';
import { killLeftovers, runEntry, scratchStore, type ScratchStore } from './helpers/processes';
import { createAdmin, get, testConfig, type TestContext } from './helpers/test-app';

/**
 * The real server and the real `npm run rotate-key` entry point as processes, on PGlite and
 * (with TEST_DATABASE_URL) on a new PostgreSQL database.
 */
const stores: ScratchStore[] = [];
afterEach(async () => {
  killLeftovers();
  for (const store of stores.splice(0)) await store.drop();
});

async function store() {
  const s = await scratchStore();
  stores.push(s);
  return s;
}

const hex = (key: Buffer) => key.toString('hex');

describe('the server process and APP_KEY', () => {
  it('with DATABASE_URL and no APP_KEY it refuses to start and says why', async () => {
    const s = await store();
    const server = runEntry('src/main.ts', {
      ...s.env,
      DATABASE_URL: s.databaseUrl ?? 'postgres://127.0.0.1:9/not-reached',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('APP_KEY: required when DATABASE_URL is set');
    // A plain message, not a stack trace.
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('a server whose key does not match the database refuses to start; the recorded key starts', async () => {
    const s = await store();
    const recordedKey = randomBytes(32);
    const database = await s.open();
    await verifyAppKey(database.db, new Keyring(recordedKey));
    await database.close();

    const wrong = runEntry('src/main.ts', { ...s.env, APP_KEY: hex(randomBytes(32)) });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain('APP_KEY does not match the key this database');
    expect(wrong.output()).not.toMatch(/\n\s+at /);

    const right = runEntry('src/main.ts', { ...s.env, APP_KEY: hex(recordedKey) });
    await right.waitFor(/ID Desk is listening/);
    expect(await right.stop()).toBe(0);
  }, 120_000);
});

describe('npm run rotate-key', () => {
  it('re-seals every credential under APP_KEY from APP_KEY_PREVIOUS; the new key alone then reads them', async () => {
    const s = await store();
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    // Data sealed under the old key, by the real app on this store.
    let database = await s.open();
    await verifyAppKey(database.db, new Keyring(oldKey));
    const config = { ...testConfig(), appKey: oldKey };
    let app = await buildApp({ db: database.db, config });
    const ctx = { app, db: database.db, database, config } as unknown as TestContext;
    const admin = await createAdmin(ctx);
    const item = await createItem(app, admin.token);
    const user = await customerWith(ctx, admin.token, '1000');
    const created = (await createFromWallet(app, user.token, item.id, '500', 'rotated.one')).json().data;
    expect((await approveId(app, admin.token, created.id)).statusCode).toBe(200);
    await app.close();
    await database.close();

    const missing = runEntry('src/cli/rotate-key.ts', { ...s.env, APP_KEY: hex(newKey) });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain('set APP_KEY_PREVIOUS');

    const rotate = runEntry('src/cli/rotate-key.ts', { ...s.env, APP_KEY: hex(newKey), APP_KEY_PREVIOUS: hex(oldKey) });
    expect(await rotate.exited, rotate.output()).toBe(0);
    expect(rotate.output()).toContain('user_ids.login_sealed: 1 re-sealed');

    database = await s.open();
    try {
      const [row] = await database.db.select().from(appKeyFingerprint);
      expect(row!.fingerprint).toBe(fingerprintOf(newKey));
      for (const { table, column, purpose } of SEALED_COLUMNS) {
        for (const { value } of await database.db.select({ value: column }).from(table).where(isNotNull(column))) {
          expect(() => openSecret(oldKey, purpose, value!)).toThrow();
          expect(openSecret(newKey, purpose, value!)).toBeTruthy();
        }
      }
      app = await buildApp({ db: database.db, config: { ...config, appKey: newKey } });
      const owner = await get(app, `/api/user_ids/${created.id}`, user.token);
      expect(owner.json().data).toMatchObject({ login: LOGIN, password: PASSWORD });
      await app.close();
    } finally {
      await database.close();
    }
  }, 120_000);
});
