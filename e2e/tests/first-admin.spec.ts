// The first start without ADMIN_PASSWORD (docs/operations.md, "First sign-in"): the server
// writes a generated password to DATA_DIR/first-admin-password.txt, never to its log; signing
// in with it asks for the admin's own password before anything else, then for a second factor.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '@iddesk/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { loginViaUi } from '../support/fixtures';
import { freePort } from '../support/own-server';

const EMAIL = 'first-owner@example.com';

let server: ChildProcess;
let baseURL: string;
let dataDir: string;
let output = '';

test.beforeAll(async () => {
  // A cold server on a fresh data dir: migrations and the password hash take a while.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'iddesk-e2e-first-admin-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const { ADMIN_PASSWORD: _unset, ...env } = process.env;
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: join(import.meta.dirname, '../..'),
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_EMAIL: EMAIL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(async () => fetch(`${baseURL}/api/health/ready`).then((r) => r.status, () => 0), { timeout: 90_000 })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the generated password signs in only to choose a new one, then the second factor', async ({ browser }) => {
  const file = join(dataDir, 'first-admin-password.txt');
  const generated = /^password: (\S+)$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  expect(generated).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  expect(output).toContain(file);
  expect(output).not.toContain(generated);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginViaUi(page, EMAIL, generated);
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousA11yViolations(page);

  // The generated one again is refused, under the field; nothing is lost from the form.
  await page.getByLabel('New password', { exact: true }).fill(generated);
  await page.getByLabel('Confirm new password').fill(generated);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Choose a password other than the generated one.')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('the owner chose this one');
  await page.getByLabel('Confirm new password').fill('the owner chose this one');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Staff must enrol a second factor (STAFF_SECOND_FACTOR=required): that page comes next.
  await expect(page).toHaveURL(new RegExp(`${ROUTES.secondFactor}$`));

  // The generated password no longer signs in; the chosen one does.
  const old = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: EMAIL, password: generated }),
  });
  expect(old.status).toBe(422);
  await context.close();
});
