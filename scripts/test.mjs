// `npm test`: every test, in order, then one closing line "N passed, N failed".
//  1. Vitest: contract, server API (on PGlite) and web unit tests.
//  2. The server API suite again on PostgreSQL when TEST_DATABASE_URL is set
//     (`node scripts/with-postgres.mjs npm test` starts a throwaway server for it).
//  3. Playwright end-to-end tests in Debian's Chromium against the production build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const tmp = '.tmp';
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, cmd, args, env) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(`${label} (exit ${res.status ?? res.signal})`);
  return res.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0);
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;
const vitest = ['vitest', 'run', '--reporter=default', '--reporter=json'];

rmSync(`${tmp}/vitest.json`, { force: true });
run('unit and API tests (PGlite)', 'npx', [...vitest, `--outputFile.json=${tmp}/vitest.json`], {
  ...Object.fromEntries(Object.entries(envWithoutPg)),
  TEST_DATABASE_URL: '',
});
countVitest(`${tmp}/vitest.json`);

if (TEST_DATABASE_URL) {
  rmSync(`${tmp}/vitest-pg.json`, { force: true });
  run('API tests (PostgreSQL)', 'npx', [...vitest, '--project', 'server', `--outputFile.json=${tmp}/vitest-pg.json`], {
    TEST_DATABASE_URL,
  });
  countVitest(`${tmp}/vitest-pg.json`);
} else {
  console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL pass runs in .ci/run via scripts/with-postgres.mjs)');
}

rmSync(`${tmp}/e2e-results.json`, { force: true });
if (run('production build', 'npm', ['run', 'build'])) {
  run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    TEST_DATABASE_URL: '',
  });
  countPlaywright(`${tmp}/e2e-results.json`);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : ''));
process.exit(failures.length ? 1 : 0);
