import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRolesDatabase, type RolesDatabase } from '../../../scripts/lib/database-roles.mjs';
import { type Cluster, freePort, PG_BIN_DIR, startCluster } from '../../../scripts/lib/postgres-cluster.mjs';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { migratePostgres } from '../src/db/migrate';
import { Keyring, verifyAppKey } from '../src/modules/app-key';
import { putSetting, SETTING } from '../src/modules/settings';
import { killLeftovers, runEntry } from './helpers/processes';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { createAdmin, get, post, registerUser, testConfig, type TestContext, WIDE_MONEY_LIMITS } from './helpers/test-app';
import { addFunds, approveBill, createUpiPaymentType, deposit, receiptImage, userIdOf, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * The backup and restore drill of docs/operations.md ("PostgreSQL and the bucket"), run as
 * written: its `backup` and `restore` code blocks, read from the document and run with bash,
 * on a throwaway PostgreSQL with deploy/roles.sql's owner and app roles and an S3 server on
 * loopback; then a server process with the `serve` block's settings on the copy.
 */
const root = resolve(import.meta.dirname, '../../..');
const doc = readFileSync(join(root, 'docs/operations.md'), 'utf8');

/** The ```sh block after `<!-- drill: NAME -->` in docs/operations.md. */
function drillBlock(name: string): string {
  const marker = doc.indexOf(`<!-- drill: ${name} -->`);
  if (marker < 0) throw new Error(`docs/operations.md has no <!-- drill: ${name} --> block`);
  const match = /```sh\n([\s\S]*?)```/.exec(doc.slice(marker));
  if (!match) throw new Error(`no sh block after <!-- drill: ${name} -->`);
  return match[1]!;
}

/** Run a shell script (bash, stopping at the first failure) from the repository root. */
function bash(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: root,
      env: { ...process.env, PATH: `${PG_BIN_DIR}:${process.env.PATH}`, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => done({ code, output }));
  });
}

/** Every file and folder under `dir`, with its permission bits. */
function modesUnder(dir: string): { path: string; file: boolean; mode: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    return { path, file: entry.isFile(), mode: statSync(path).mode & 0o777 };
  });
}

let cluster: Cluster;
let roles: RolesDatabase;
let s3: S3TestServer;
const backups = mkdtempSync(join(tmpdir(), 'iddesk-drill-'));
beforeAll(async () => {
  cluster = await startCluster();
  roles = createRolesDatabase(cluster.url, { database: 'iddesk' });
  await migratePostgres(roles.ownerUrl);
  s3 = await startS3Server();
});
afterAll(async () => {
  killLeftovers();
  await s3?.stop();
  cluster?.stop();
  rmSync(backups, { recursive: true, force: true });
});

describe('the backup and restore drill of docs/operations.md', () => {
  it('dump and files, restored into a new database and bucket, serve the same balances and screenshots', async () => {
    // A deployment with money and screenshots in it: the app as the app role, files in the bucket.
    const config = testConfig(s3.env);
    const database = await openPostgres(roles.appUrl);
    await verifyAppKey(database.db, new Keyring(config.appKey));
    const app = await buildApp({ db: database.db, config });
    await putSetting(database.db, SETTING.moneyLimits, JSON.stringify(WIDE_MONEY_LIMITS));
    const ctx = { app, db: database.db, database, config } as unknown as TestContext;
    const admin = await createAdmin(ctx);
    const paymentType = await createUpiPaymentType(app, admin.token);
    const customers = [await registerUser(app), await registerUser(app)];
    const bills = [];
    for (const [n, c] of customers.entries()) {
      const bill = (await addFunds(app, c.token, paymentType.id, '700.00', await receiptImage(n + 1))).json().data;
      bills.push(bill);
    }
    expect((await approveBill(app, admin.token, bills[0].id)).statusCode).toBe(200);
    expect((await withdrawUpi(app, customers[0]!.token, '125.50')).statusCode).toBe(200);
    await deposit(app, admin.token, await userIdOf(ctx, customers[1]!.email), '42.42');
    const balances = [];
    for (const c of customers) balances.push((await post(app, '/api/user/passport', undefined, c.token)).json().data.balance);
    expect(balances).toEqual(['574.50', '42.42']);
    const proofUrl = String((await get(app, `/api/admin/bills/${bills[1].id}`, admin.token)).json().data.proof_url);
    const proof = await get(app, proofUrl, admin.token);
    expect(proof.statusCode).toBe(200);
    await app.close();
    await database.close();
    const liveKeys = await s3.keys();
    expect(liveKeys.filter((k) => k.startsWith('proofs/'))).toHaveLength(2);

    // The drill's settings (docs: the servers' environment, and the exports above each block).
    const restoreBucket = await s3.newBucket();
    const env = {
      ...s3.env,
      DATABASE_URL: roles.appUrl,
      APP_KEY: config.appKey.toString('hex'),
      DATABASE_OWNER_URL: roles.ownerUrl,
      BACKUP_DIR: join(backups, 'iddesk-day'),
      BACKUP_FILES: join(backups, 'iddesk-files'),
      RESTORE_OWNER_URL: new URL('/iddesk_restore', roles.ownerUrl).toString(),
      RESTORE_APP_URL: new URL('/iddesk_restore', roles.appUrl).toString(),
      RESTORE_BUCKET: restoreBucket.bucket,
    };

    const backup = await bash(drillBlock('backup'), env);
    expect(backup.output).toMatch(/Copied 2, already in the backup 0, missing from the bucket 0, failed 0\./);
    expect(backup.code).toBe(0);
    // Dumps and files are the operator's alone.
    expect(statSync(join(env.BACKUP_DIR, 'iddesk.dump')).mode & 0o777).toBe(0o600);
    const backedUp = modesUnder(env.BACKUP_FILES);
    expect(backedUp.filter((e) => e.file).map((e) => e.path.slice(env.BACKUP_FILES.length + 1)).sort()).toEqual(
      liveKeys.filter((k) => k.startsWith('proofs/')),
    );
    expect(backedUp.filter((e) => e.mode !== (e.file ? 0o600 : 0o700))).toEqual([]);
    // Again into the same folder: nothing new to copy.
    const again = await bash('npm run storage:backup -- --out "$BACKUP_FILES"', env);
    expect(again.output).toMatch(/Copied 0, already in the backup 2, missing from the bucket 0, failed 0\./);

    const restore = await bash(drillBlock('restore'), env);
    expect(restore.output).toMatch(/Checked 2 files the database names against 2 objects: missing 0, wrong size 0, unreferenced 0\./);
    expect(restore.code).toBe(0);
    expect(await s3.keys(restoreBucket.bucket)).toEqual(liveKeys.filter((k) => k.startsWith('proofs/')));

    // A server process on the copy with the serve block's settings (its port aside: a free one).
    const serve = drillBlock('serve');
    const settings = Object.fromEntries(
      [...serve.matchAll(/(\w+)=("\$(\w+)"|(\S+))/g)].map((m) => [m[1]!, m[3] ? env[m[3] as keyof typeof env] : m[4]!]),
    );
    expect(settings).toMatchObject({ DATABASE_URL: env.RESTORE_APP_URL, S3_BUCKET: env.RESTORE_BUCKET, SEED_DEMO: 'false' });
    const port = await freePort();
    const dataDir = join(backups, 'server');
    const server = runEntry('src/main.ts', {
      ...env,
      ...settings,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    } as Record<string, string>);
    await server.waitFor(/ID Desk is listening/);
    const base = `http://127.0.0.1:${port}`;
    const call = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    const restored = [];
    for (const c of customers) {
      const { api_token: token } = await call('/auth/login', { login: c.email, password: c.password });
      restored.push((await call('/user/passport', {}, String(token))).balance);
    }
    expect(restored).toEqual(balances);
    const { api_token: adminToken } = await call('/auth/login', { login: admin.email, password: admin.password });
    const file = await fetch(`${base}${proofUrl}`, { headers: { authorization: `Bearer ${String(adminToken)}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(proof.rawPayload)).toBe(true);
    expect(await server.stop()).toBe(0);

    // A file lost from the restored bucket: storage:check says which, and fails.
    const lost = proofUrl.slice(proofUrl.lastIndexOf('/') + 1);
    await s3.client.send(new DeleteObjectCommand({ Bucket: restoreBucket.bucket, Key: `proofs/${lost}` }));
    const check = await bash('npm run storage:check', { ...env, DATABASE_URL: env.RESTORE_APP_URL, S3_BUCKET: env.RESTORE_BUCKET });
    expect(check.output).toContain(`missing: proofs/${lost}`);
    expect(check.output).toMatch(/missing 1, wrong size 0, unreferenced 0\./);
    expect(check.code).toBe(1);
  }, 240_000);
});
