#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 12 (mobile, simulated throttling) on the public pages as the
// production server serves them, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
// Builds web and server into .tmp/lighthouse (a running dist/ is left alone; --no-build reuses
// the last one), starts the server on LIGHTHOUSE_PORT (default 3840) with a fresh demo-seeded
// data dir, runs each page --runs times (default 3), and prints and writes to
// docs/performance.md (--no-write to skip) the median of each figure: the scores, Lighthouse's
// CPU benchmark index of the host, and the main thread's work at first load read from the
// trace of each run (scripts/lib/main-thread.mjs). --pages /a,/b measures only those.
//
// --as-index 1000,2500 scores each run as hosts of those benchmark indexes would (a slower
// host's tasks take longer in proportion): each run gathers once (`-G`), then is audited (`-A`)
// for each host with a CPU slowdown of 4 × (the index that run measured) / (the host's index)
// instead of 4. On a busy shared machine a run's index moves with the load; this keeps the
// phone each score stands for the same, and both budgets are read from the same traces.
// --reuse reads the last runs' reports and traces again (same --pages, --runs, --as-index)
// instead of running Lighthouse: to rewrite the section without measuring again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GROUPS, mainThreadWork } from './lib/main-thread.mjs';
import { machineLine, table, writeSection } from './lib/perf-doc.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.tmp/lighthouse');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3840);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The public pages a guest can open first; the budget's three are named in BUDGET_PAGES. */
const PAGES = ['/create_id', '/login', '/reviews', '/media', '/contacts', '/register'];
const BUDGET_PAGES = new Set(['/create_id', '/login', '/reviews']);
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
/**
 * The budget's 95 is for a host of this benchmark index or more (issue 56: 2 250–2 660 read
 * 96–98); on a slower one (about 1 000: a budget phone, as Lighthouse's 4× on it stands for)
 * every public page must still score ≥ 90.
 */
const SLOW_HOST = { index: 2000, performance: 90 };
/** Lighthouse's mobile CPU slowdown, for the host it runs on. */
const CPU_SLOWDOWN = 4;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'as-index': { type: 'string' },
  },
});

/** The hosts a run is scored for: benchmark indexes, or null for this host as it is (4×). */
const TARGETS = args['as-index'] ? args['as-index'].split(',').map(Number) : [null];
if (TARGETS.some((t) => t !== null && !(t > 0)))
  throw new Error(`--as-index takes benchmark indexes: ${args['as-index']}`);
const hostName = (target) => (target === null ? 'this host' : `index ${target}`);

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
  const cli = join(ROOT, 'node_modules/lighthouse/cli/index.js');
  const flags = [
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--quiet',
  ];
  const env = {
    env: { ...process.env, CHROME_PATH: CHROME },
    stdio: ['ignore', 'ignore', 'inherit'],
  };
  // Gathered into a folder of its own: artifacts.json and the trace (defaultPass.trace.json).
  const artifacts = outFile.replace(/\.json$/, '');
  if (!args.reuse) {
    rmSync(artifacts, { recursive: true, force: true });
    run(process.execPath, [cli, url, `--gather-mode=${artifacts}`, ...flags], env);
  }
  const file = join(artifacts, 'artifacts.json');
  const gathered = JSON.parse(readFileSync(file, 'utf8'));
  const audits = TARGETS.map((target, i) => {
    const output = outFile.replace(/\.json$/, `-${i}.json`);
    if (!args.reuse) {
      // Lighthouse audits saved artifacts only with the settings they were gathered with.
      gathered.settings.throttling.cpuSlowdownMultiplier =
        target === null
          ? CPU_SLOWDOWN
          : Math.round((CPU_SLOWDOWN * gathered.BenchmarkIndex * 100) / target) / 100;
      writeFileSync(file, JSON.stringify(gathered));
      run(
        process.execPath,
        [
          cli,
          url,
          `--audit-mode=${artifacts}`,
          `--throttling.cpuSlowdownMultiplier=${gathered.settings.throttling.cpuSlowdownMultiplier}`,
          '--output=json',
          `--output-path=${output}`,
          ...flags,
        ],
        env,
      );
    }
    const report = JSON.parse(readFileSync(output, 'utf8'));
    return { target, slowdown: report.configSettings.throttling.cpuSlowdownMultiplier, report };
  });
  return {
    audits,
    // The first host's report: the figures beside the scores.
    report: audits[0].report,
    index: gathered.BenchmarkIndex,
    work: mainThreadWork(join(artifacts, 'defaultPass.trace.json')),
  };
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
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value) => String(Math.round(value));

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

/** One run in a line, as it ends: enough to follow a long measurement. */
function runLine({ audits, report, index, work }) {
  const scores = audits.map(
    (a) => `${score(a.report, 'performance')} as ${hostName(a.target)} (CPU ${a.slowdown}×)`,
  );
  return (
    `performance ${scores.join(', ')}, TBT ${round(ms(report, 'total-blocking-time'))} ms, ` +
    `index ${round(index)}, main thread ${round(work.cpu)} ms CPU (${round(work.wall)} ms wall)`
  );
}

/** The figures of a page: each the median of its runs; FCP to CLS for the first host. */
function summarise(page, runs) {
  const med = (read) => median(runs.map(read));
  const chunks = new Set(runs.flatMap((r) => [...r.work.chunks.keys()]));
  const byChunk = [...chunks]
    .map((name) => [name, med((r) => r.work.chunks.get(name) ?? 0)])
    .filter(([, value]) => value >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  const performance = TARGETS.map((_, t) => med((r) => score(r.audits[t].report, 'performance')));
  const others = CATEGORIES.slice(1).map((c) => med((r) => score(r.report, c)));
  // The median run by the first host's performance score, for what lost points.
  const byScore = runs
    .map((r) => r.report)
    .sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  return {
    page,
    performance,
    others,
    index: med((r) => r.index),
    scoreRow: [
      page,
      ...performance.map(String),
      ...others.map(String),
      (med((r) => ms(r.report, 'first-contentful-paint')) / 1000).toFixed(1),
      (med((r) => ms(r.report, 'largest-contentful-paint')) / 1000).toFixed(1),
      round(med((r) => ms(r.report, 'total-blocking-time'))),
      med((r) => ms(r.report, 'cumulative-layout-shift')).toFixed(3),
      round(med((r) => r.index)),
      `${round(med((r) => r.work.cpu))} (${round(med((r) => r.work.wall))})`,
      round(med((r) => r.work.groups.scriptEvaluation)),
      round(med((r) => r.work.groups.styleLayout)),
      `${round(med((r) => r.work.longest.cpu))} (${round(med((r) => r.work.longest.wall))})`,
      byChunk.map(([name, value]) => `${name} ${round(value)}`).join(', '),
    ],
    workRow: [
      page,
      `${round(med((r) => r.work.cpu))} (${round(med((r) => r.work.wall))})`,
      ...Object.keys(GROUPS).map((g) => round(med((r) => r.work.groups[g]))),
    ],
    report: byScore[Math.floor(byScore.length / 2)],
  };
}

/**
 * What a page missed, one line per host: performance ≥ 95 for the budget's pages on a host
 * of index ≥ 2000, else ≥ 90 (a slower host, and the other public pages); accessibility and
 * best practices (which no slowdown moves) for the budget's pages.
 */
function missed(summary) {
  const out = [];
  TARGETS.forEach((target, t) => {
    const index = target ?? summary.index;
    const fast = index >= SLOW_HOST.index && BUDGET_PAGES.has(summary.page);
    const floor = fast ? BUDGET.performance : SLOW_HOST.performance;
    if (summary.performance[t] < floor)
      out.push(`performance ${summary.performance[t]} as ${hostName(target)} (≥ ${floor})`);
  });
  if (BUDGET_PAGES.has(summary.page))
    CATEGORIES.slice(1).forEach((category, i) => {
      const min = BUDGET[category];
      if (min !== undefined && summary.others[i] < min)
        out.push(`${category} ${summary.others[i]} (≥ ${min})`);
    });
  return out;
}

async function main() {
  if (!existsSync(CHROME))
    throw new Error(`no Chromium at ${CHROME}: apt-get install -y chromium, or set CHROME_PATH`);
  const pages = args.pages ? args.pages.split(',') : PAGES;
  mkdirSync(WORK, { recursive: true });
  // The machine and its load when the runs were measured, kept for --reuse.
  const measured = join(WORK, 'measured.txt');
  if (!args.reuse) writeFileSync(measured, machineLine());
  const machine = readFileSync(measured, 'utf8').trim();
  if (!args['no-build'] && !args.reuse) build();
  const server = await startServer();
  const pageSummaries = [];
  const notes = [];
  let installNote;
  try {
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < Number(args.runs); i++) {
        const run = lighthouse(server.url + page, join(WORK, `${page.slice(1)}-${i}.json`));
        log(`${page} run ${i + 1}: ${runLine(run)}`);
        runs.push(run);
      }
      const summary = summarise(page, runs);
      pageSummaries.push(summary);
      const misses = missed(summary);
      if (misses.length) notes.push(`${page} ${misses.join(', ')}`);
      // What lost points, on the console only (the report files keep it too).
      for (const f of failing(summary.report)) log(`${page} — ${f}`);
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
  const version = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  const asIndex = args['as-index'] ? ` -- --as-index ${args['as-index']}` : '';
  // Every category of the main thread's work, on the console only.
  process.stdout.write(
    `\n${table(
      ['first load: main thread ms CPU (wall)', 'all', ...Object.values(GROUPS)],
      pageSummaries.map((s) => s.workRow),
    )}\n`,
  );
  const markdown = [
    `Measured ${machine}.`,
    `\`npm run lighthouse${asIndex}\` — Lighthouse ${version}, mobile, simulated throttling, Debian ` +
      'Chromium headless, production build and server (PGlite, demo data); the median of ' +
      `${args.runs} runs. Each run is gathered once and scored as each host named would run it ` +
      "(a CPU slowdown of 4 × the run's index / the host's); FCP to CLS as the first. Index: " +
      "Lighthouse's CPU benchmark index of this host in each run (higher is faster). Main " +
      "thread: the renderer's work from the navigation to the trace's end, ms of CPU (and of " +
      'wall clock); the longest task by wall clock; script time of the chunks that took most.',
    '',
    table(
      [
        'page',
        ...TARGETS.map((t) => `performance as ${hostName(t)}`),
        'accessibility',
        'best practices',
        'SEO',
        'FCP s',
        'LCP s',
        'TBT ms',
        'CLS',
        'index',
        'main thread',
        'script',
        'style/layout',
        'longest task',
        'script by chunk',
      ],
      pageSummaries.map((s) => s.scoreRow),
    ),
    '',
    notes.length ? `- **missed**: ${notes.join('; ')}` : '- Every page meets its budget.',
    installNote,
  ].join('\n');
  process.stdout.write(`\n${markdown}\n`);
  if (!args['no-write']) writeSection('lighthouse', markdown);
}

await main();
