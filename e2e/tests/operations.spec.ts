// A server error a customer can quote: its toast names the request id, and that id finds the
// server's log lines. The failure is real: the server stores files in an S3-protocol server
// (s3rver, on loopback) that goes away while the customer sends a top-up.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as requestFactory, test } from '@playwright/test';
import { WALLET_API } from '@iddesk/contract';
import S3rver from 's3rver';
import { adminToken, createUpiPaymentType, pngFile } from '../support/api';
import { freePort } from '../support/own-server';
import { admin, loginViaUi, newReference, newUser, registerViaApi } from '../support/fixtures';

const BUCKET = 'iddesk-e2e';

let s3: S3rver;
let server: ChildProcess;
let baseURL: string;
let dataDir: string;
let s3Dir: string;
const logLines: string[] = [];

test.beforeAll(async () => {
  // A cold server on a fresh data dir: migrations and the first admin's password hash take a
  // while on a loaded machine.
  test.setTimeout(120_000);
  s3Dir = mkdtempSync(join(tmpdir(), 'iddesk-e2e-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: await freePort(),
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  dataDir = mkdtempSync(join(tmpdir(), 'iddesk-e2e-ops-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: join(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      // The admin signs in with a password alone (the second-factor stories enrol their own).
      STAFF_SECOND_FACTOR: 'optional',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    logLines.push(...lines);
  });
  server.stderr!.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
  await expect
    .poll(async () => fetch(`${baseURL}/api/health/ready`).then((r) => r.status, () => 0), {
      timeout: 90_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGKILL');
  await s3?.close().catch(() => {});
  for (const dir of [dataDir, s3Dir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a server error names a reference that finds its lines in the server log', async ({ browser }) => {
  const api = await requestFactory.newContext({ baseURL });
  const token = await adminToken(api);
  const method = await createUpiPaymentType(api, token, `Ops UPI ${Date.now()}`);
  const user = newUser('reference');
  await registerViaApi(api, user);
  await api.dispose();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);

  await page.goto('/add_funds');
  await page.getByRole('radio', { name: new RegExp(method.name) }).check({ force: true });
  await page.getByLabel(/^amount$/i).fill('500');
  const utr = newReference();
  await page.getByRole('textbox', { name: /reference/i }).fill(utr);
  await page.getByLabel(/payment screenshot/i).setInputFiles(await pngFile());
  await page.getByRole('button', { name: /^continue$/i }).click();
  const confirm = page.getByRole('dialog', { name: /confirm your top-up/i });

  // The object store goes away just before the screenshot is stored.
  await s3.close();
  // The top-up's own call: the notification and passport polls are POSTs too, and one of them
  // can be answered (200) while the top-up waits on the store.
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api${WALLET_API.addFunds}`,
  );
  await confirm.getByRole('button', { name: /send for approval/i }).click();
  const response = await answer;
  // The store is unreachable: 503, like an unreachable database.
  expect(response.status()).toBe(503);
  const requestId = response.headers()['x-request-id'] ?? '';
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(((await response.json()) as { request_id?: string }).request_id).toBe(requestId);

  // The customer sees the server error and the reference to quote.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: /server error/i });
  await expect(toast).toContainText(`Reference: ${requestId}`);

  // Support finds the failure in the log by that reference, with the customer's user id.
  type LogLine = { level: number; userId?: number; msg: string; res?: { statusCode: number } };
  const lines = logLines
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as LogLine);
  expect(lines.find((line) => line.res)?.res?.statusCode).toBe(response.status());
  const failure = lines.find((line) => line.level >= 40 && /unavailable|failed/.test(line.msg));
  expect(failure, JSON.stringify(lines)).toBeDefined();
  expect(failure!.userId).toEqual(expect.any(Number));

  // Nothing typed is lost: the form still holds the amount and the reference.
  await page.keyboard.press('Escape');
  await expect(page.getByLabel(/^amount$/i)).toHaveValue('500');
  await expect(page.getByRole('textbox', { name: /reference/i })).toHaveValue(utr);
  await context.close();
});
