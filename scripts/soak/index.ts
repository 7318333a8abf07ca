// `npm run soak -- --minutes N` (issue 53): the scale-out test's deployment (PostgreSQL with
// the owner and app roles, s3rver, two built servers, nginx; --pgbouncer puts PgBouncer in
// transaction mode in front of PostgreSQL) under the mixed traffic of a working day for N
// minutes: customers polling every 5 s (and now and then their balance and ledger), customers
// making keyed money calls (add funds with a screenshot, withdraw, new ID), staff deciding the
// queues and making manual deposits. Unless --no-kills, it kills things on the way, each
// event a named check: server A SIGKILLed and restarted, PostgreSQL restarted, server B
// SIGKILLed and restarted, the object store killed and restarted, server A again. Then it
// reconciles: every call cut off (nginx's 502) or answered 503 is sent again with its
// Idempotency-Key until it settles; the database must hold every acknowledged operation once
// with every balance equal to its ledger (the crash test's checks); every stored file the
// database names must be in the bucket; and no call may have been answered 500.
// Once a minute it samples each server's RSS (and V8's heap and external memory from its
// /metrics), prints them, and writes them into the report.
//
//   npm run soak -- [--minutes 3] [--no-kills] [--pgbouncer] [--pollers 20] [--customers 4]
//                   [--staff 2] [--out DIR] [--no-build] [--keep] [--node-flags "FLAGS"]
//
// The report (report.md: the checks, the counts, RSS per server per minute; memory.csv) goes
// to --out (default .tmp/soak/<time>). Ends with 'N passed, N failed'; exit 1 on a failure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { checkDatabase, withPostgres } from '../crash-test/checks';
import { describe as describeOp } from '../crash-test/world';
import { pgbouncerUnavailableReason, pgbouncerVersion } from '../lib/pgbouncer.mjs';
import { clusterUnavailableReason } from '../lib/postgres-cluster.mjs';
import { cleanups, type Deployment, deploy, METRICS_TOKEN, startServer, usage } from '../scale-out/deployment';
import { buildServer } from '../lib/build-server';
import { sleep, stop, waitReady } from '../scale-out/processes';
import { check, CheckFailed, checkResults, expect, log, setLogPrefix, summarize } from '../scale-out/report';
import { setUpWorld } from '../crash-test/world-setup';
import { must } from '../scale-out/http';
import { ADMIN } from '../scale-out/deployment';
import { growthPerMinute, type MemorySample, memoryTable, sample } from './memory';
import { screenshot } from './screenshot';
import { newTally, Traffic } from './traffic';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    'no-kills': { type: 'boolean', default: false },
    pgbouncer: { type: 'boolean', default: false },
    pollers: { type: 'string', default: '20' },
    customers: { type: 'string', default: '4' },
    staff: { type: 'string', default: '2' },
    out: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** More node flags for the servers, e.g. "--heapsnapshot-signal=SIGUSR2". */
    'node-flags': { type: 'string', default: '' },
  },
});
setLogPrefix('soak');

const MINUTES = Number(args.minutes);
const POLLERS = Number(args.pollers);
const CUSTOMERS = Number(args.customers);
const STAFF = Number(args.staff);
for (const [name, value] of [
  ['--minutes', MINUTES],
  ['--pollers', POLLERS],
  ['--customers', CUSTOMERS],
  ['--staff', STAFF],
] as const) {
  if (!Number.isFinite(value) || value <= 0) usage(`${name} must be a positive number`);
}
/** After the traffic stops, unsettled calls get this long to be answered. */
const SETTLE_MS = 60_000;
/** An outage lasts until this many calls were answered 503 during it, or this long at most. */
const OUTAGE_CALLS = 3;
const OUTAGE_MAX_MS = 15_000;
/** When each event comes, as a fraction of the run. */
const EVENTS: { at: number; name: string; run: (d: Deployment, t: Traffic) => Promise<string> }[] = [
  { at: 0.15, name: 'server A is SIGKILLed and restarted', run: (d) => killServer(d, 0) },
  { at: 0.3, name: 'PostgreSQL restarts (fast shutdown, then start)', run: (d, t) => restartDatabase(d, t) },
  { at: 0.45, name: 'server B is SIGKILLed and restarted', run: (d) => killServer(d, 1) },
  { at: 0.6, name: 'the object store is killed and restarted', run: (d, t) => restartObjectStore(d, t) },
  { at: 0.75, name: 'server A is SIGKILLed and restarted again', run: (d) => killServer(d, 0) },
];

const out = resolve(args.out ?? join('.tmp', 'soak', new Date().toISOString().replace(/[:.]/g, '-')));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** SIGKILL one server, start it again at once (a supervisor would), until it is ready. */
async function killServer(d: Deployment, index: number): Promise<string> {
  const server = d.servers[index]!;
  await stop(server.proc, 'SIGKILL');
  const began = Date.now();
  server.proc = startServer(d, server.name, server.port, d.appKey);
  await waitReady(server.proc, `${server.url}/api/health/ready`);
  return `${server.name} ready again ${secs(Date.now() - began)} after the kill`;
}

/** Wait until the traffic met the outage (calls answered 503), or the most an outage lasts. */
async function untilNoticed(t: Traffic): Promise<number> {
  t.tally.unavailableSinceMark = 0;
  const began = Date.now();
  while (t.tally.unavailableSinceMark < OUTAGE_CALLS && Date.now() - began < OUTAGE_MAX_MS) await sleep(50);
  return t.tally.unavailableSinceMark;
}

async function restartDatabase(d: Deployment, t: Traffic): Promise<string> {
  d.cluster.stopServer();
  const noticed = await untilNoticed(t);
  d.cluster.startServer();
  const began = Date.now();
  await Promise.all(d.servers.map((s) => waitReady(s.proc, `${s.url}/api/health/ready`)));
  return `${noticed} calls answered 503 while it was down; both servers ready ${secs(Date.now() - began)} after it came back`;
}

async function restartObjectStore(d: Deployment, t: Traffic): Promise<string> {
  await d.store.kill();
  const noticed = await untilNoticed(t);
  await d.store.start();
  const began = Date.now();
  await Promise.all(d.servers.map((s) => waitReady(s.proc, `${s.url}/api/health/ready`)));
  return `${noticed} calls answered 503 while it was down; both servers ready ${secs(Date.now() - began)} after it came back`;
}

async function main(began: number): Promise<boolean> {
  const reason = clusterUnavailableReason() ?? (args.pgbouncer ? pgbouncerUnavailableReason() : null);
  if (reason) usage(reason);
  // Its own build (.tmp/soak/server), so a scale-out test meanwhile leaves it alone.
  const script = buildServer('soak', args['no-build'], usage);
  mkdirSync(out, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'iddesk-soak-'));
  log(`temp dir ${dir}; report in ${out}`);
  const samples: MemorySample[] = [];
  const lines: string[] = [];

  let d: Deployment | null = null;
  await check(
    `the deployment starts (PostgreSQL with the two roles${args.pgbouncer ? ', PgBouncer' : ''}, s3rver, two servers, nginx)`,
    async () => {
      d = await deploy(dir, script, {
        pgbouncer: args.pgbouncer,
        nodeFlags: args['node-flags'].split(' ').filter(Boolean),
      });
      return d.pgbouncer ? pgbouncerVersion() : '';
    },
  );
  if (!d) return finish(began, dir, samples, lines);
  const deployment: Deployment = d;
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const world = await setUpWorld(
    (c, what) => must(deployment.base, c, what),
    { label: 'Soak', admin: ADMIN, customers: CUSTOMERS + POLLERS, phonePrefix: '98770', password: 'soak-password' },
    png,
  );
  const tally = newTally();
  const traffic = new Traffic(
    deployment.base,
    world,
    world.customers.slice(0, CUSTOMERS),
    world.customers.slice(CUSTOMERS),
    STAFF,
    tally,
    screenshot,
  );

  const servers = deployment.servers.map((s) => ({ name: s.name, pid: () => s.proc.child.pid, url: s.url }));
  const started = Date.now();
  const endAt = started + MINUTES * 60_000;
  traffic.start();
  log(
    `traffic for ${MINUTES} min: ${POLLERS} customers polling, ${CUSTOMERS} making money calls, ${STAFF} staff; ` +
      (args['no-kills'] ? 'no kills' : `${EVENTS.length} events`),
  );

  // The events, at their times, each a check; the memory sample once a minute.
  const events = args['no-kills'] ? [] : [...EVENTS];
  let minute = 0;
  samples.push(...(await sample(0, servers, METRICS_TOKEN)));
  while (Date.now() < endAt) {
    const elapsed = Date.now() - started;
    const event = events[0];
    if (event && elapsed >= event.at * MINUTES * 60_000) {
      events.shift();
      await check(event.name, () => event.run(deployment, traffic));
      continue;
    }
    if (elapsed >= (minute + 1) * 60_000) {
      minute += 1;
      const now = await sample(minute, servers, METRICS_TOKEN);
      samples.push(...now);
      const line =
        `minute ${minute}: ${now.map((s) => `${s.server} ${s.rssMiB} MiB (heap ${s.heapUsedMiB}, external ${s.externalMiB})`).join(', ')}; ` +
        `${tally.requests} requests, ${tally.acknowledged} acknowledged, ${tally.violations.length} violations`;
      lines.push(line);
      log(line);
      continue;
    }
    await sleep(200);
  }
  const minutes = Math.round((Date.now() - started) / 6_000) / 10;
  const unsettled = await traffic.stop(SETTLE_MS);
  samples.push(...(await sample(minute + 1, servers, METRICS_TOKEN)));

  await check(`${minutes} minutes of traffic through nginx, no call answered 500 or wrongly`, async () => {
    expect(tally.violations.length === 0, tally.violations.slice(0, 15).join('\n'));
    const statuses = [...tally.byStatus].sort().map(([s, n]) => `${s}: ${n}`).join(', ');
    return `${tally.requests} requests (${statuses}); ${tally.acknowledged} money calls acknowledged, ${tally.refused} refused as a correct server does`;
  });
  await check('every call cut off or answered 503 is sent again with its Idempotency-Key and settles', async () => {
    expect(
      unsettled.length === 0,
      `${unsettled.length} never settled: ${unsettled.slice(0, 5).map(describeOp).join('; ')}`,
    );
    return `${tally.unsettled} needed sending again; ${tally.settled} settled`;
  });
  await check(
    'nothing acknowledged is lost or doubled: the database holds every acknowledged operation once, balances equal ledgers',
    async () => {
      const report = await withPostgres(deployment.directUrl, (q) => checkDatabase(q, world));
      expect(report.violations.length === 0, report.violations.slice(0, 15).join('\n'));
      return `${report.rows} rows, ${report.users} balances`;
    },
  );
  await check('every stored file the database names is in the bucket', async () => {
    const rows = await withPostgres(deployment.directUrl, (q) =>
      q(`select case visibility when 'private' then 'proofs/' else 'public/' end || key as key from uploads`),
    );
    const objects = new Set(deployment.store.objects());
    const missing = rows.map((r) => String(r.key)).filter((key) => !objects.has(key));
    expect(missing.length === 0, `${missing.length} of ${rows.length} missing: ${missing.slice(0, 10).join(', ')}`);
    return `${rows.length} keys, ${objects.size} objects (${objects.size - rows.length} unreferenced)`;
  });
  const names = deployment.servers.map((s) => s.name);
  const growth = names
    .map((n) => `${n} ${growthPerMinute(samples, n, Math.floor(minute / 2)) ?? '?'} MiB/min`)
    .join(', ');
  log(`RSS growth over the second half (least squares, since each server's last start): ${growth}`);
  lines.push(`RSS growth over the second half (since each server's last start): ${growth}`);
  writeFileSync(
    join(out, 'memory.csv'),
    ['minute,server,pid,rss_mib,heap_used_mib,external_mib', ...samples.map((s) => `${s.minute},${s.server},${s.pid},${s.rssMiB},${s.heapUsedMiB ?? ''},${s.externalMiB ?? ''}`)].join('\n') + '\n',
  );
  writeFileSync(join(out, 'memory.md'), `${memoryTable(samples, names)}\n`);
  return finish(began, dir, samples, lines);
}

async function finish(began: number, dir: string, samples: MemorySample[], lines: string[]): Promise<boolean> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`cleanup: ${(error as Error).message}`);
    }
  }
  const passed = summarize((Date.now() - began) / 1000, dir);
  writeFileSync(
    join(out, 'report.md'),
    `# Soak, ${new Date(began).toISOString()}\n\n` +
      `\`npm run soak -- ${process.argv.slice(2).join(' ')}\` · Node ${process.version}\n\n` +
      `${checkResults().map((r) => `- ${r.ok ? '✓' : '✗'} ${r.name}${r.detail ? ` — ${r.detail}` : ''}`).join('\n')}\n\n` +
      `${lines.map((l) => `- ${l}`).join('\n')}\n\n${memoryTable(samples, ['server-a', 'server-b'])}\n`,
  );
  if (passed && !args.keep) rmSync(dir, { recursive: true, force: true });
  return passed;
}

const began = Date.now();
const passed = await main(began).catch(async (error: unknown) => {
  await check('the soak runs to the end', () =>
    Promise.reject(error instanceof CheckFailed ? error : new Error(String((error as Error)?.stack ?? error))),
  );
  return finish(began, out, [], []);
});
process.exit(passed ? 0 : 1);
