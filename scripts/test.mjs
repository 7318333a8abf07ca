// `npm test`: every test, in order, then one closing line "N passed, N failed".
//  1. Vitest: contract, server API (on PGlite) and web unit tests.
//  2. The server API suite again on PostgreSQL when TEST_DATABASE_URL is set
//     (`node scripts/with-postgres.mjs npm test` starts a throwaway server for it).
//  3. Playwright end-to-end tests in Debian's Chromium against the production build, in two
//     shards side by side (each with its own server on E2E_PORT and E2E_PORT + 1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { createInterface } from 'node:readline';

const tmp = '.tmp';
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test, named in the closing lines (a CI log is often read from its tail). */
const failedTests = [];

function run(label, cmd, args, env) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(`${label} (exit ${res.status ?? res.signal})`);
  return res.status === 0;
}

function countVitest(file, label) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  // numFailedTestSuites would count a failed test again for its file and each describe block.
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const result of r.testResults ?? []) {
    const where = relative(process.cwd(), result.name ?? '');
    const failed = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failedTests.push(`${label}: ${where} › ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook).
    if (result.status === 'failed' && failed.length === 0) {
      totals.failed += 1;
      failedTests.push(`${label}: ${where}\n    ${firstLine(result.message)}`);
    }
  }
}

/** The first line of an error's message, without terminal colours (Playwright's have them). */
function firstLine(text) {
  const lines = stripVTControlCharacters(String(text ?? '')).split('\n');
  return lines.find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failedTests.push(`Chromium: ${spec.file} › ${[...titles, spec.title].join(' › ')}\n    ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
}

const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;
const vitest = ['vitest', 'run', '--reporter=default', '--reporter=json'];

rmSync(`${tmp}/vitest.json`, { force: true });
run('unit and API tests (PGlite)', 'npx', [...vitest, `--outputFile.json=${tmp}/vitest.json`], {
  ...Object.fromEntries(Object.entries(envWithoutPg)),
  TEST_DATABASE_URL: '',
});
countVitest(`${tmp}/vitest.json`, 'PGlite');

if (TEST_DATABASE_URL) {
  rmSync(`${tmp}/vitest-pg.json`, { force: true });
  run('API tests (PostgreSQL)', 'npx', [...vitest, '--project', 'server', `--outputFile.json=${tmp}/vitest-pg.json`], {
    TEST_DATABASE_URL,
  });
  countVitest(`${tmp}/vitest-pg.json`, 'PostgreSQL');
} else {
  console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL pass runs in .ci/run via scripts/with-postgres.mjs)');
}

// The browser stories in two shards side by side, each with its own server, data dir, SMTP
// port and Chromium (so no story sees another's settings or queue), their lines prefixed.
// Most of a story is waiting on the page or the poll, so two shards take ~half the time.
const E2E_SHARDS = 2;
const e2ePort = Number(process.env.E2E_PORT ?? 3210);
const shardPorts = Array.from({ length: E2E_SHARDS }, (_, i) => e2ePort + i);
for (const port of shardPorts) rmSync(`${tmp}/e2e-results-${port}.json`, { force: true });
if (run('production build', 'npm', ['run', 'build'])) {
  console.log(`\n=== end-to-end tests (Chromium, ${E2E_SHARDS} shards) ===`);
  const codes = await Promise.all(shardPorts.map((port, i) => shard(i + 1, port)));
  codes.forEach((code, i) => {
    if (code !== 0) failures.push(`end-to-end tests, shard ${i + 1}/${E2E_SHARDS} (exit ${code})`);
  });
  for (const port of shardPorts) countPlaywright(`${tmp}/e2e-results-${port}.json`);
}

function shard(n, port) {
  const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', `--shard=${n}/${E2E_SHARDS}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEST_DATABASE_URL: '', E2E_PORT: String(port), E2E_SMTP_PORT: String(port + 1000), E2E_TELEGRAM_PORT: String(port + 2000) },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[e2e ${n}/${E2E_SHARDS}] ${line}`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : ''));
process.exit(failures.length ? 1 : 0);
