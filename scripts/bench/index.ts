// `npm run bench`: the server's hot paths side by side, on PGlite and on PostgreSQL, against
// the ceiling of this machine (a bare node:http server sending the same bytes). Builds the
// production server, seeds a realistic database, measures with autocannon, prints a table
// and writes it to docs/performance.md. Options: --users N, --seconds N (or --duration N),
// --warmup N, --connections N, --only pglite|postgres (or --db), --no-write, and for quick
// iteration --scenarios passport,top,streams,ids,reviews,login (a subset; the ceiling always runs; a
// partial run is never written to the doc). Ports: BENCH_PORT (default 3810) and the next one
// for the ceiling. The measured server runs with production's node flags
// (lib/server-node-flags.mjs) and BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). On PostgreSQL two more parts of issue 19: the deposit row
// again on the server as it was before issue 19 (--baseline REF, default BASELINE_REF;
// --no-baseline skips it) and the upload flood (--flood-seconds N, default --seconds;
// --no-flood skips it). To see inside a row: --series DIR writes each row in half-second
// windows (warm-up included: answers, latency, CPU per answer) to DIR. To tell node flags
// apart: --ab-flags "FLAGS" runs, after the deposit row (or --ab-row KEY's), a second server
// with FLAGS instead of production's and the two take the row's load in turns (--ab-rounds N,
// --ab-seconds N; alternate.ts), printing each one's CPU per call, p99 and the differences.
// B can differ by its environment too (--ab-env "LOG_LEVEL=warn …") or be another build of the
// server (--ab-server PATH/main.js: a build under this checkout, since the bundle imports its
// packages from node_modules, e.g. `node apps/server/build.mjs --outdir .tmp/b` in a worktree
// under .tmp); without --ab-flags, B keeps production's flags.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { clusterUnavailableReason, startCluster } from '../lib/postgres-cluster.mjs';
import { machineLine, writeSection } from '../lib/perf-doc.mjs';
import { type Baseline, BASELINE_REF, buildBaseline, startBaseline } from './baseline';
import { flood, type FloodResult } from './flood';
import { measure, type RequestShape } from './load';
import { type Driver, type DriverResult, report, type Row } from './report';
import { alternate } from './alternate';
import { depositRequest, type Scenario, scenarios } from './scenarios';
import { BENCH_PASSWORD, seedBenchData, type SqlRunner } from './seed';
import { memoryOf, type ServerProcess, startProcess } from './server-process';
import { SERVER_NODE_FLAGS } from '../lib/server-node-flags.mjs';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '100' },
    duration: { type: 'string' },
    only: { type: 'string' },
    db: { type: 'string' },
    scenarios: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    baseline: { type: 'string', default: BASELINE_REF },
    'no-baseline': { type: 'boolean', default: false },
    'flood-seconds': { type: 'string' },
    'no-flood': { type: 'boolean', default: false },
    series: { type: 'string' },
    'ab-flags': { type: 'string' },
    'ab-rounds': { type: 'string', default: '20' },
    'ab-seconds': { type: 'string', default: '3' },
    'ab-row': { type: 'string', default: 'deposit' },
    'ab-env': { type: 'string' },
    'ab-server': { type: 'string' },
  },
});
const USERS = Number(args.users);
const SECONDS = Number(args.duration ?? args.seconds);
const ONLY = args.db ?? args.only;
const BENCH_APP_KEY = 'be'.repeat(32);
const PICKED = args.scenarios
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const AB = args['ab-flags'] !== undefined || args['ab-env'] !== undefined || args['ab-server'] !== undefined;
const SERIES = args.series ? resolve(args.series) : undefined;
const PORT = Number(process.env.BENCH_PORT ?? 3810);
const BARE_PORT = PORT + 1;
const BASELINE_PORT = PORT + 2;
const AB_PORT = PORT + 3;
const FLOOD_SECONDS = Number(args['flood-seconds'] ?? SECONDS);

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.tmp/bench');
const SERVER = join(WORK, 'server/main.js');
const BARE = join(import.meta.dirname, 'bare-server.mjs');

/**
 * PostgreSQL as production would run it: durable commits (fsync and synchronous_commit on),
 * the stock memory settings, room for several servers' pools.
 */
const PRODUCTION_LIKE_PG = { max_connections: '200' };

const log = (message: string) => process.stdout.write(`bench: ${message}\n`);

function build() {
  log('building the production server');
  const result = spawnSync(
    process.execPath,
    ['apps/server/build.mjs', '--outdir', join(WORK, 'server')],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('server build failed');
}

function serverEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // With DATABASE_URL the server requires APP_KEY (issue 13); any fixed key will do here.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, APP_KEY: BENCH_APP_KEY } : {}),
    ADMIN_EMAIL: 'admin@bench.iddesk.local',
    ADMIN_PASSWORD: BENCH_PASSWORD,
    // The demo seed adds the catalogue items and reviews the seeding builds on.
    SEED_DEMO: 'true',
    // The admin signs in with a password alone (the second-factor stories enrol their own).
    STAFF_SECOND_FACTOR: 'optional',
    // Logins are what /auth/login measures; the per-IP limit would turn them into 429s. The
    // money rows come from one address and one admin account the same way.
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_MONEY_MAX: '1000000',
    RATE_LIMIT_MONEY_IP_MAX: '1000000',
    WEB_DIST_DIR: join(WORK, 'no-web'),
  };
}

async function withDatabase(
  driver: Driver,
  dataDir: string,
  url: string | undefined,
  work: (run: SqlRunner) => Promise<void>,
) {
  if (driver === 'pglite') {
    const db = await PGlite.create({ dataDir: join(dataDir, 'db') });
    try {
      await work((text, params) => db.query(text, params));
      await db.exec('checkpoint');
    } finally {
      await db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await work((text, params) => client.query(text, params));
      await client.query('checkpoint');
    } finally {
      await client.end();
    }
  }
}

/** One call of each kind before measuring: a benchmark of 401s would prove nothing. */
async function sanityCheck(url: string, request: RequestShape, name: string) {
  const response = await fetch(url + request.path, request as RequestInit);
  const body = (await response.json()) as { data?: unknown };
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function captureResponse(server: ServerProcess, request: RequestShape, file: string) {
  const response = await fetch(server.url + request.path, request as RequestInit);
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers) {
    if (
      !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(key)
    ) {
      headers[key] = value;
    }
  }
  writeFileSync(
    file,
    JSON.stringify({ status: response.status, headers, body: await response.text() }),
  );
}

/** --ab-flags, --ab-env, --ab-server: a row's load in turns on this server and another one. */
async function alternateServers(
  env: Record<string, string>,
  dir: string,
  server: ServerProcess,
  s: Scenario,
) {
  // Without --ab-flags, B runs with production's flags as A does.
  const flags = args['ab-flags'] !== undefined ? args['ab-flags'].split(/\s+/).filter(Boolean) : [...SERVER_NODE_FLAGS];
  const extraEnv = Object.fromEntries(
    (args['ab-env'] ?? '').split(/\s+/).filter(Boolean).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--ab-env: "${pair}" is not NAME=VALUE`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  const script = args['ab-server'] ? resolve(args['ab-server']) : SERVER;
  const other = await startProcess({
    script,
    nodeArgs: flags,
    env: { ...env, ...extraEnv, PORT: String(AB_PORT), DATA_DIR: join(dir, 'data-b') },
    port: AB_PORT,
    readyPath: '/api/health',
    logFile: join(dir, 'server-b.log'),
  });
  try {
    const rounds = Number(args['ab-rounds']);
    const bLabel = [flags.join(' ') || 'no flags', args['ab-env'], args['ab-server'] && script].filter(Boolean).join('; ');
    log(`alternating A (${[...SERVER_NODE_FLAGS, ...NODE_ARGS].join(' ') || 'no flags'}) and B (${bLabel}), ${rounds} rounds`);
    const x = await alternate({
      a: { label: 'A', url: server.url, pid: server.child.pid! },
      b: { label: 'B', url: other.url, pid: other.child.pid! },
      request: s.request,
      connections: s.connections ?? CONNECTIONS,
      seconds: Number(args['ab-seconds']),
      rounds,
    });
    const ms = (v: number) => v.toFixed(3);
    for (const t of x.turns) log(`  ${t.label}: ${t.answers} answers, ${t.non2xx} non-2xx, main ${ms(t.mainMs)} ms, process ${ms(t.processMs)} ms, p99 ${t.p99Ms} ms`);
    log(`A: main thread ${ms(x.a.mainMs)} ms a call, process ${ms(x.a.processMs)}; B: ${ms(x.b.mainMs)}, ${ms(x.b.processMs)}`);
    log(`B − A: main thread ${ms(x.mainMs.diff)} ± ${ms(x.mainMs.se)} ms, process ${ms(x.processMs.diff)} ± ${ms(x.processMs.se)} ms (standard errors); p99 ${ms(x.p99Ms.diff)} ± ${ms(x.p99Ms.se)} ms`);
  } finally {
    await other.stop();
  }
}

async function runDriver(driver: Driver, baseline: Baseline | null): Promise<DriverResult> {
  const dir = join(WORK, driver);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, 'server.log');
  const cluster =
    driver === 'postgres' ? await startCluster({ settings: PRODUCTION_LIKE_PG }) : null;
  try {
    const env = serverEnv(join(dir, 'data'), cluster?.url);
    const start = (timeoutMs?: number, nodeArgs?: string[]) =>
      startProcess({
        script: SERVER,
        nodeArgs,
        env,
        port: PORT,
        readyPath: '/api/health',
        logFile,
        timeoutMs,
      });

    log(`${driver}: first start (migrations, admin, demo seed)`);
    await (await start(120_000)).stop();

    log(`${driver}: seeding ${USERS} customers`);
    let seeded: Awaited<ReturnType<typeof seedBenchData>> | undefined;
    await withDatabase(driver, join(dir, 'data'), cluster?.url, async (run) => {
      seeded = await seedBenchData(run, USERS);
    });
    const { users, rows: counts, seconds: seedSeconds } = seeded!;
    log(`${driver}: seeded in ${seedSeconds.toFixed(1)} s: ${JSON.stringify(counts)}`);

    const server = await start(undefined, [...SERVER_NODE_FLAGS, ...NODE_ARGS]);
    log(`${driver}: started on the seeded data in ${Math.round(server.startMs)} ms`);
    const pid = server.child.pid!;
    const idleRssMiB = memoryOf(pid)?.rss ?? NaN;
    const dbPid = cluster
      ? Number(readFileSync(join(cluster.root, 'data/postmaster.pid'), 'utf8').split('\n')[0])
      : undefined;
    const { passport, list, state, keyTag } = scenarios(users);
    try {
      // Rows that need state from the running server (ETags, pending withdrawals) check in prepare.
      for (const s of list) if (!s.prepare && s.key !== 'withdraw') await sanityCheck(server.url, s.request(0), s.name);
      const top = (await sanityCheck(server.url, list[1]!.request(0), 'top')) as {
        data: unknown[];
      };
      if (top.data.length !== 0)
        throw new Error(`the poll returned ${top.data.length} items, expected none (nothing new)`);

      const responseFile = join(dir, 'passport-response.json');
      await captureResponse(server, passport(0), responseFile);
      const bare = await startProcess({
        script: BARE,
        args: [String(BARE_PORT), responseFile],
        env: {},
        port: BARE_PORT,
        readyPath: '/',
        logFile: join(dir, 'bare.log'),
      });
      // The ceiling is measured before the rows and again right after each poll row, and each
      // poll row's ratio is to the mean of the ceilings on either side of it: the host's speed
      // drifts within a run (the bare server read 12 700–23 300 req/s across one evening), and
      // a ceiling taken minutes earlier let that drift decide the budget.
      const rows: Row[] = [];
      const load = (
        target: Pick<Parameters<typeof measure>[0], 'url' | 'pid' | 'dbPid' | 'request'>,
        connections: number | undefined,
        name: string,
        warmupSeconds = WARMUP,
      ) =>
        measure({
          ...target,
          connections: connections ?? CONNECTIONS,
          warmupSeconds,
          seconds: SECONDS,
          seriesFile: SERIES && seriesFileOf(name),
        });
      // One file per row, named after it; the ceiling measured again gets -2, -3, ….
      const seriesNames = new Map<string, number>();
      const seriesFileOf = (name: string) => {
        const base = `${driver}-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
        const n = (seriesNames.get(base) ?? 0) + 1;
        seriesNames.set(base, n);
        return join(SERIES!, `${base}${n > 1 ? `-${n}` : ''}.tsv`);
      };
      try {
        const measureCeiling = async (name: string) => {
          log(`${driver}: the ceiling (bare node:http)`);
          const result = await load({ url: bare.url, pid: bare.child.pid!, request: passport }, CONNECTIONS, name);
          rows.push({ driver, name, result, ratio: 1 });
          return result.reqPerSec;
        };
        let ceiling = await measureCeiling('bare node:http (ceiling)');
        for (const s of list) {
          if (PICKED && !PICKED.includes(s.key)) continue;
          log(`${driver}: ${s.name}`);
          await s.prepare?.(server.url);
          const result = await load({ url: server.url, pid, dbPid, request: s.request }, s.connections, s.name, s.warmupSeconds).finally(() => s.finish?.());
          const row: Row = { driver, name: s.name, result, ratio: result.reqPerSec / ceiling };
          rows.push(row);
          if (s.key === args['ab-row'] && AB) await alternateServers(env, dir, server, s);
          if (s.key === 'deposit' && baseline && cluster) {
            log(`${driver}: the same deposit row on the server before issue 19 (${baseline.ref})`);
            const before = await startBaseline({
              baseline,
              clusterUrl: cluster.url,
              dataDir: join(dir, 'baseline-data'),
              env,
              port: BASELINE_PORT,
              logFile: join(dir, 'baseline.log'),
              customers: s.connections ?? CONNECTIONS,
            });
            try {
              const request = depositRequest(state.screenshots, before.paymentTypeId, (n) => before.tokens[n % before.tokens.length]!, `${keyTag}b`);
              const name = `${s.name.replace(/\)$/, '')}, before issue 19: ${baseline.ref})`;
              const old = await load({ url: before.server.url, pid: before.server.child.pid!, dbPid, request }, s.connections, name, s.warmupSeconds);
              rows.push({ driver, name, result: old, ratio: old.reqPerSec / ceiling, baselineOf: row.name });
            } finally {
              await before.server.stop();
            }
          }
          if (s.poll) {
            const after = await measureCeiling('bare node:http (ceiling again)');
            row.ratio = result.reqPerSec / ((ceiling + after) / 2);
            ceiling = after;
          }
        }
      } finally {
        await bare.stop();
      }
      let flooded: FloodResult | undefined;
      if (driver === 'postgres' && !args['no-flood'] && (!PICKED || PICKED.includes('flood'))) {
        log(`${driver}: the upload flood (${FLOOD_SECONDS} s)`);
        if (!state.paymentTypeId) await list.find((x) => x.key === 'deposit')!.prepare!(server.url);
        flooded = await flood({ url: server.url, pid, users, paymentTypeId: state.paymentTypeId, seconds: FLOOD_SECONDS });
      }
      const hwm = memoryOf(pid)?.hwm ?? NaN;
      return { rows, startMs: server.startMs, hwm, idleRssMiB, seedSeconds, counts, flood: flooded };
    } finally {
      await server.stop();
    }
  } finally {
    cluster?.stop();
  }
}

async function main() {
  const machine = machineLine();
  log(machine);
  if (SERIES) mkdirSync(SERIES, { recursive: true });
  mkdirSync(WORK, { recursive: true });
  build();
  const drivers: Driver[] = ONLY ? [ONLY as Driver] : ['pglite', 'postgres'];
  const noPostgres = clusterUnavailableReason();
  if (noPostgres && drivers.includes('postgres')) {
    if (ONLY) throw new Error(noPostgres);
    log(`skipping PostgreSQL: ${noPostgres}`);
    drivers.splice(drivers.indexOf('postgres'), 1);
  }
  const baseline =
    drivers.includes('postgres') && !args['no-baseline'] && (!PICKED || PICKED.includes('deposit'))
      ? buildBaseline(ROOT, join(WORK, 'baseline'), args.baseline)
      : null;
  const results = new Map<Driver, DriverResult>();
  for (const driver of drivers) results.set(driver, await runDriver(driver, baseline));
  const markdown = report(results, machine, {
    connections: CONNECTIONS,
    warmup: WARMUP,
    seconds: SECONDS,
    loadAtEnd: loadavg()
      .map((l) => l.toFixed(2))
      .join(' / '),
  });
  process.stdout.write(`\n${markdown}\n`);
  if (PICKED) {
    log('a subset of the scenarios: not written to docs/performance.md');
  } else if (!args['no-write']) {
    writeSection('bench', markdown);
    log('written to docs/performance.md');
  }
}

await main();
