#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 12 (mobile, simulated throttling) on /create_id, /login and
// /reviews as the production server serves them, in Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium). Builds web and server into .tmp/lighthouse (a running dist/ is left
// alone), starts the server on LIGHTHOUSE_PORT (default 3840) with a fresh demo-seeded data
// dir, prints the scores and what failed, and writes them to docs/performance.md
// (--no-write to skip). Scores vary a little between runs; --runs N keeps the median.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineLine, table, writeSection } from './lib/perf-doc.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.tmp/lighthouse');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3840);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/create_id', '/login', '/reviews'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95 };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'no-write': { type: 'boolean', default: false },
  },
});

const log = (message) => process.stdout.write(`lighthouse: ${message}\n`);

function run(command, argv, options = {}) {
  const result = spawnSync(command, argv, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    ...options,
  });
  if (result.status !== 0)
    throw new Error(`${command} ${argv.join(' ')} failed (${result.status})`);
}

function build() {
  log('building web and server');
  run(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      join(WORK, 'web'),
      '--emptyOutDir',
    ],
    {
      cwd: join(ROOT, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  run(process.execPath, ['apps/server/build.mjs', '--outdir', join(WORK, 'server')], {
    stdio: 'ignore',
  });
}

async function startServer() {
  const dataDir = join(WORK, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [join(WORK, 'server/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(WORK, 'web'),
      ADMIN_PASSWORD: 'lighthouse-admin-1',
      SEED_DEMO: 'true',
      // The admin signs in with a password alone (the second-factor stories enrol their own).
      STAFF_SECOND_FACTOR: 'optional',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

/**
 * One Lighthouse run. Chromium now and then fails to record the trace on a busy machine
 * (NO_NAVSTART); such a run is tried again, twice at most, instead of ending the whole command.
 */
function lighthouse(url, outFile, attempt = 1) {
  try {
    return lighthouseOnce(url, outFile);
  } catch (error) {
    if (attempt >= 3) throw error;
    log(`run failed (${error.message.split(' ').at(-1)}); trying again`);
    return lighthouse(url, outFile, attempt + 1);
  }
}

function lighthouseOnce(url, outFile) {
  run(
    process.execPath,
    [
      join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${outFile}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return JSON.parse(readFileSync(outFile, 'utf8'));
}

/**
 * Chromium's own installability check (issue 17): what Lighthouse's "installable-manifest"
 * audit reported before Lighthouse 12 dropped it, read from the same DevTools call
 * (Page.getInstallabilityErrors) once the service worker controls the page. An empty list
 * means the browser offers to install the app.
 */
async function installability(url) {
  const { chromium } = await import('@playwright/test');
  // A persistent profile: Chromium never offers to install from an incognito one.
  const profile = join(WORK, 'install-profile');
  rmSync(profile, { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    args: ['--no-sandbox'],
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { url: manifest } = await cdp.send('Page.getAppManifest');
    return { errors: installabilityErrors.map((e) => e.errorId), manifest };
  } finally {
    await context.close();
  }
}

const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);
const ms = (report, audit) => report.audits[audit]?.numericValue ?? NaN;

/** Audits that lost points: what to fix next. */
function failing(report) {
  const out = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      out.push(
        `${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
      );
    }
  }
  return out;
}

async function main() {
  if (!existsSync(CHROME))
    throw new Error(`no Chromium at ${CHROME}: apt-get install -y chromium, or set CHROME_PATH`);
  const machine = machineLine();
  mkdirSync(WORK, { recursive: true });
  build();
  const server = await startServer();
  const rows = [];
  const notes = [];
  const benchmarkIndexes = [];
  let installNote;
  try {
    for (const page of PAGES) {
      const reports = [];
      for (let i = 0; i < Number(args.runs); i++) {
        log(`${page} run ${i + 1}`);
        reports.push(lighthouse(server.url + page, join(WORK, `${page.slice(1)}-${i}.json`)));
      }
      // The median run by performance score.
      reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const report = reports[Math.floor(reports.length / 2)];
      benchmarkIndexes.push(Math.round(report.environment?.benchmarkIndex ?? NaN));
      rows.push([
        page,
        ...CATEGORIES.map((c) => String(score(report, c))),
        (ms(report, 'first-contentful-paint') / 1000).toFixed(1),
        (ms(report, 'largest-contentful-paint') / 1000).toFixed(1),
        Math.round(ms(report, 'total-blocking-time')).toString(),
        ms(report, 'cumulative-layout-shift').toFixed(3),
      ]);
      for (const [category, min] of Object.entries(BUDGET)) {
        if (score(report, category) < min)
          notes.push(
            `- **missed** ${page} ${category} ${score(report, category)} (budget ≥ ${min})`,
          );
      }
      for (const f of failing(report)) notes.push(`- ${page} — ${f}`);
    }
    log('installability');
    const installable = await installability(`${server.url}/create_id`);
    installNote =
      installable.errors.length === 0
        ? `- Installable: Chromium reports no installability error (manifest ${new URL(installable.manifest).pathname}, service worker in control).`
        : `- **missed** installability: ${installable.errors.join(', ')}`;
  } finally {
    server.child.kill('SIGTERM');
  }
  const markdown = [
    `Measured ${machine}.`,
    '',
    `\`npm run lighthouse\` — Lighthouse ${JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, ` +
      'mobile, simulated throttling, Debian Chromium headless; production build served by the ' +
      `production server (PGlite, demo data)${Number(args.runs) > 1 ? `; median of ${args.runs} runs` : ''}. ` +
      `Lighthouse's CPU benchmark index of this machine in the median runs: ${benchmarkIndexes.join(', ')} (higher is faster).`,
    '',
    table(
      [
        'page',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'FCP s',
        'LCP s',
        'TBT ms',
        'CLS',
      ],
      rows,
    ),
    '',
    notes.length
      ? notes.join('\n')
      : '- Every page meets the budget (performance ≥ 95, accessibility 100, best practices ≥ 95) and no audit lost points.',
    installNote,
  ].join('\n');
  process.stdout.write(`\n${markdown}\n`);
  if (!args['no-write']) writeSection('lighthouse', markdown);
}

await main();
