#!/usr/bin/env node
// `npm run fast-refresh-check`: proves Fast Refresh in `npm run dev` on the one runtime
// (Preact, decision 016). Starts the API from source on a fresh data dir and Vite's dev server
// in front of it, opens /login in Chromium, types into the login field, edits the page's
// component file, and checks that the edit shows in place while the typed text, and the page
// itself (no reload), are kept. The file is restored before the script exits.
//
//   node e2e/fast-refresh.mjs     ports FAST_REFRESH_PORT (default 5180) and the next one
/* global window */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_PORT = Number(process.env.FAST_REFRESH_PORT ?? 5180);
const API_PORT = WEB_PORT + 1;
const PAGE_FILE = join(ROOT, 'apps/web/src/features/auth/components/login-page.tsx');
const ORIGINAL_TEXT = 'Welcome back.';
const EDITED_TEXT = 'Welcome back, edited in place.';
const TYPED = 'fast-refresh@example.test';

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  .filter(Boolean)
  .find((p) => existsSync(p));
if (!chromiumPath)
  throw new Error('No Chromium: apt-get install -y chromium, or set CHROMIUM_PATH');

const original = readFileSync(PAGE_FILE, 'utf8');
if (!original.includes(ORIGINAL_TEXT)) {
  throw new Error(`${PAGE_FILE} no longer contains "${ORIGINAL_TEXT}": pick another edit`);
}

const children = [];
const dataDir = mkdtempSync(join(tmpdir(), 'iddesk-fast-refresh-'));
let restored = false;
function cleanUp() {
  if (!restored) writeFileSync(PAGE_FILE, original);
  restored = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

function start(args, cwd, env) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.output = () => output;
  children.push(child);
  return child;
}

async function waitFor(url, child, what) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited:\n${child.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within 90 s:\n${child.output()}`);
}

const check = (ok, message) => {
  if (!ok) throw new Error(message);
  console.log(`ok - ${message}`);
};

let browser;
try {
  const api = start(
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
    ROOT,
    {
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  );
  const web = start(
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      '--host',
      '127.0.0.1',
      '--port',
      String(WEB_PORT),
      '--strictPort',
    ],
    join(ROOT, 'apps/web'),
    { VITE_API_PROXY: `http://127.0.0.1:${API_PORT}` },
  );
  await waitFor(`http://127.0.0.1:${API_PORT}/api/marque`, api, 'the API');
  await waitFor(`http://127.0.0.1:${WEB_PORT}/`, web, 'the dev server');

  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto(`http://127.0.0.1:${WEB_PORT}/login`);
  const field = page.getByLabel('Email or phone');
  await field.waitFor({ timeout: 60_000 });
  await page.getByText(ORIGINAL_TEXT).waitFor();
  const runtime = await page.evaluate(() => typeof window.__PREFRESH__);
  check(runtime === 'object', 'the dev server runs Preact with prefresh');
  await field.pressSequentially(TYPED);
  await page.evaluate(() => (window.__notReloaded = true));
  const loadsBefore = loads;

  writeFileSync(PAGE_FILE, original.replace(ORIGINAL_TEXT, EDITED_TEXT));
  await page.getByText(EDITED_TEXT).waitFor({ timeout: 30_000 });
  check(true, 'the edit shows on the open page');
  check((await field.inputValue()) === TYPED, 'the typed text is kept');
  check(
    loads === loadsBefore && (await page.evaluate(() => window.__notReloaded === true)),
    'the page was not reloaded',
  );

  writeFileSync(PAGE_FILE, original);
  restored = true;
  await page.getByText(ORIGINAL_TEXT).waitFor({ timeout: 30_000 });
  check((await field.inputValue()) === TYPED, 'undoing the edit refreshes in place too');
  check(
    errors.length === 0,
    `no error on the page${errors.length ? `: ${errors.join('; ')}` : ''}`,
  );
  console.log('Fast Refresh works.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  cleanUp();
}
