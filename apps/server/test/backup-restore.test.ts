import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadOrCreateAppKey } from '../src/config/app-key';
import { openPglite } from '../src/db/client';
import { acquireDataDirLock } from '../src/db/data-dir-lock';
import { bills, transactions, uploads, users } from '../src/db/schema';
import type { Db } from '../src/db/types';
import { BackupError } from '../src/ops/archive-layout';
import { createBackup } from '../src/ops/backup';
import { killLeftovers, runEntry } from './helpers/processes';
import { createAdmin, post, registerUser, testConfig, type TestContext } from './helpers/test-app';
import { addFunds, createUpiPaymentType, deposit, pngImage, userIdOf, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * `npm run backup` and `npm run restore` for the embedded store, as processes: the archive
 * taken from a data dir with money in it restores onto an empty one with every balance, ledger
 * row and proof (docs/decisions/014-one-key-backup-restore.md).
 */
afterEach(() => killLeftovers());

const scratch = () => mkdtempSync(join(tmpdir(), 'iddesk-backup-'));

/** Every file under `dir`, by relative path, with its bytes. */
function filesUnder(dir: string, root = dir): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const [k, v] of filesUnder(path, root)) files.set(k, v);
    else files.set(relative(root, path), readFileSync(path));
  }
  return files;
}

/** What must survive: balances, the ledger, bills and their proofs' records. */
async function moneyState(db: Db) {
  return {
    users: await db.select({ id: users.id, email: users.email, balance: users.balance }).from(users).orderBy(asc(users.id)),
    ledger: await db.select().from(transactions).orderBy(asc(transactions.id)),
    bills: await db.select().from(bills).orderBy(asc(bills.id)),
    uploads: await db.select().from(uploads).orderBy(asc(uploads.key)),
  };
}

/** A data dir with money in it, written by the real app while it holds the server's lock. */
async function fillDataDir(dataDir: string) {
  const lock = acquireDataDirLock(dataDir);
  const database = await openPglite({ dataDir: join(dataDir, 'db') });
  // The key as the server keeps it: DATA_DIR/app.key.
  const config = { ...testConfig({ DATA_DIR: dataDir }), appKey: loadOrCreateAppKey(dataDir, undefined) };
  const app = await buildApp({ db: database.db, config });
  const ctx = { app, db: database.db, database, config } as unknown as TestContext;
  const admin = await createAdmin(ctx);
  const paymentType = await createUpiPaymentType(app, admin.token);
  const customer = await registerUser(app);
  const proof = await pngImage(90, 70);
  const bill = (await addFunds(app, customer.token, paymentType.id, '750.00', proof)).json().data;
  expect((await post(app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token)).statusCode).toBe(200);
  const pendingBill = (await addFunds(app, customer.token, paymentType.id, '120.00')).json().data;
  expect(pendingBill.status).toBe('pending');
  expect((await withdrawUpi(app, customer.token, '100')).statusCode).toBe(200);
  const other = await registerUser(app);
  await deposit(app, admin.token, await userIdOf(ctx, other.email), '333.33');
  const state = await moneyState(database.db);
  const balance = (await post(app, '/api/user/passport', undefined, customer.token)).json().data.balance;
  return {
    customer,
    balance,
    state,
    async stop() {
      await app.close();
      await database.close();
      lock.release();
    },
  };
}

describe('backup and restore of the embedded store', () => {
  it('refuses while a server holds the data dir, then archives it; a restore onto an empty dir finds every balance, ledger row and proof', async () => {
    const dataDir = join(scratch(), 'data');
    const archive = join(scratch(), 'iddesk.tar.gz');
    const source = await fillDataDir(dataDir);

    // While the server (this process) holds the lock: a clear refusal, and no archive.
    await expect(createBackup(dataDir, archive)).rejects.toThrow(BackupError);
    const refused = runEntry('src/cli/backup.ts', { DATA_DIR: dataDir }, ['--out', archive]);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/A server \(pid \d+\) is using this data directory/);
    expect(refused.output()).toContain('stop the server');
    expect(existsSync(archive)).toBe(false);

    await source.stop();
    const backup = runEntry('src/cli/backup.ts', { DATA_DIR: dataDir }, ['--out', archive]);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(statSync(archive).mode & 0o077).toBe(0);

    const target = join(scratch(), 'restored');
    const restore = runEntry('src/cli/restore.ts', { DATA_DIR: target }, [archive]);
    expect(await restore.exited, restore.output()).toBe(0);

    // The key and every upload, byte for byte; the proof among them.
    expect(readFileSync(join(target, 'app.key'))).toEqual(readFileSync(join(dataDir, 'app.key')));
    const originalFiles = filesUnder(join(dataDir, 'uploads'));
    const restoredFiles = filesUnder(join(target, 'uploads'));
    expect([...restoredFiles.keys()].sort()).toEqual([...originalFiles.keys()].sort());
    for (const [path, bytes] of originalFiles) expect(restoredFiles.get(path)!.equals(bytes), path).toBe(true);
    const proofKey = source.state.bills.find((b) => b.status === 'approved')!.proofKey!;
    expect([...restoredFiles.keys()].some((path) => path.endsWith(proofKey))).toBe(true);

    // The database: the same balances, ledger, bills and upload records as the original.
    const restored = await openPglite({ dataDir: join(target, 'db') });
    const original = await openPglite({ dataDir: join(dataDir, 'db') });
    try {
      const restoredState = await moneyState(restored.db);
      expect(restoredState).toEqual(source.state);
      expect(await moneyState(original.db)).toEqual(source.state);
      expect(restoredState.ledger.length).toBeGreaterThanOrEqual(4);
      // And through the API of a server on the restored dir, with the restored key.
      const config = { ...testConfig({ DATA_DIR: target }), appKey: loadOrCreateAppKey(target, undefined) };
      const app = await buildApp({ db: restored.db, config });
      const login = await post(app, '/api/auth/login', { login: source.customer.email, password: source.customer.password });
      const me = await post(app, '/api/user/passport', undefined, login.json().data.api_token);
      expect(me.json().data.balance).toBe(source.balance);
      await app.close();
    } finally {
      await restored.close();
      await original.close();
    }
  }, 180_000);

  it('restore refuses a data dir with something in it unless --force, which moves it aside', async () => {
    const dataDir = join(scratch(), 'data');
    const source = await fillDataDir(dataDir);
    await source.stop();
    const archive = join(scratch(), 'iddesk.tar.gz');
    await createBackup(dataDir, archive);

    const refused = runEntry('src/cli/restore.ts', { DATA_DIR: dataDir }, [archive]);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/is not empty \(.*db.*\)/);
    const before = filesUnder(join(dataDir, 'db'));

    const forced = runEntry('src/cli/restore.ts', { DATA_DIR: dataDir }, [archive, '--force']);
    expect(await forced.exited, forced.output()).toBe(0);
    const aside = readdirSync(dataDir).find((name) => name.startsWith('before-restore-'))!;
    expect(aside).toBeDefined();
    expect(filesUnder(join(dataDir, aside, 'db')).size).toBe(before.size);
    expect(existsSync(join(dataDir, 'db'))).toBe(true);

    // Not a backup: refused, and the empty data dir stays empty.
    const empty = join(scratch(), 'empty');
    const wrong = runEntry('src/cli/restore.ts', { DATA_DIR: empty }, [join(dataDir, 'app.key')]);
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain('is not a readable backup archive');
    expect(readdirSync(empty)).toEqual([]);
  }, 180_000);
});
