// `npm run crash-test` (issue 7): the built server as a child process on PGlite and on a
// throwaway PostgreSQL. Each round drives concurrent money operations through the HTTP API as
// several customers and an admin, kills the server with SIGKILL at a seeded random moment,
// restarts it on the same data, and checks:
//   1. every acknowledged (2xx) operation is there with the acknowledged id, amount and
//      status (through the API right after the restart, then row for row in the database),
//      and nothing is there that no answer acknowledged (so nothing twice);
//   2. the ledger invariant for every user (balance = sum of counting rows, never negative),
//      and each balance equals what the acknowledged operations make it;
//   3. operations in flight at the kill (no answer) are retried with the same
//      Idempotency-Key and end up applied exactly once (or refused and not applied); a sample of
//      acknowledged operations sent again with their key is replayed, not repeated.
//
//   npm run crash-test -- [--rounds 20] [--seed S] [--db pglite|postgres|both] [--no-build]
//                          [--server path/to/main.js] [--customers 4] [--keep] [--drop-keys]
//
// The server is built from the current sources into .tmp/crash-test/server (apps/server's
// build with --outdir, so a running apps/server/dist is left alone); --no-build runs
// apps/server/dist/main.js as it is, --server another build. --keep keeps the temp data dirs
// and server logs (a failed run always keeps them). --drop-keys sends retries and replays
// without their Idempotency-Key, as a client without one would: the checks must then fail.
// Ports: 3401 (server on PGlite), 3402 (server on PostgreSQL), 3450 (the PostgreSQL cluster).
// On PGlite the server is stopped (SIGTERM) at the end of each round so the check can open
// the data dir; on PostgreSQL the check reads beside the idle server.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { buildServer } from '../lib/build-server';
import { type Child, sleep, spawnChild, stop, waitReady } from '../lib/children';
import { clusterUnavailableReason, startCluster } from '../lib/postgres-cluster.mjs';
import { checkDatabase, withPglite, withPostgres } from './checks';
import { type Answer, formatMinor, isOk, send } from './http';
import {
  apiStatus,
  CREATION_ITEM,
  type Customer,
  describe,
  type Item,
  type Op,
  type World,
} from './world';
import { answerText, execute as executeOp, record, resend, setUpWorld } from './world-setup';

type Driver = 'pglite' | 'postgres';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    seed: { type: 'string' },
    db: { type: 'string', default: 'both' },
    'no-build': { type: 'boolean', default: false },
    /** Run this built server instead (an older build, to see what the test catches). */
    server: { type: 'string' },
    /** Send retries and replays without their Idempotency-Key: shows what the checks catch. */
    'drop-keys': { type: 'boolean', default: false },
    customers: { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
  },
});

const ROUNDS = Number(args.rounds);
const CUSTOMERS = Number(args.customers);
const ADMIN_WORKERS = 2;
const CRASH_TEST_APP_KEY = 'c7'.repeat(32);
const SEED = args.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(args.seed);
const DRIVERS: Driver[] = args.db === 'both' ? ['pglite', 'postgres'] : [args.db as Driver];
const PORTS: Record<Driver, number> = { pglite: 3401, postgres: 3402 };
const PG_PORT = 3450;
const ADMIN = { email: 'admin@crash.iddesk.local', password: 'crash-test-admin-password' };
/**
 * When the kill comes: after a seeded number of answers in [1, KILL_MAX_ANSWERS] (so a slow,
 * busy machine still gets work done first), then a seeded delay in [0, KILL_MAX_DELAY_MS).
 */
const KILL_MAX_ANSWERS = 30;
const KILL_MAX_DELAY_MS = 600;
/** A round whose calls get no answers for this long is killed anyway. */
const LOAD_TIMEOUT_MS = 60_000;
/** Acknowledged operations of each round sent again with their key, to see them replayed. */
const REPLAYS_PER_ROUND = 3;
const MAX_PRINTED = 25;

function usage(message: string): never {
  process.stderr.write(`crash-test: ${message}\n`);
  process.stderr.write(
    'usage: npm run crash-test -- [--rounds N] [--seed S] [--db pglite|postgres|both] [--no-build]\n',
  );
  process.exit(2);
}
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) usage('--rounds must be a positive integer');
if (!Number.isInteger(SEED)) usage('--seed must be an integer');
if (!Number.isInteger(CUSTOMERS) || CUSTOMERS < 1) usage('--customers must be a positive integer');
if (!DRIVERS.every((d) => d === 'pglite' || d === 'postgres'))
  usage('--db must be pglite, postgres or both');

/** The call sent again after the restart: the same bytes and, unless --drop-keys, the same key. */
const again = (call: Op['call']): Op['call'] =>
  args['drop-keys'] ? { ...call, key: undefined } : call;
const log = (line: string) => process.stdout.write(`crash-test: ${line}\n`);
const secs = (ms: number) => (ms / 1000).toFixed(1);

/* ---------- seeded randomness ---------- */

type Rng = () => number;

/** mulberry32 over a string hash of the parts: one stream per database, round and worker. */
function rngFor(...parts: (string | number)[]): Rng {
  let h = 2166136261;
  for (const c of [SEED, ...parts].join('/')) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rng: Rng) => (n: number) => Math.floor(rng() * n);

/* ---------- the server process ---------- */

type Server = Child & { url: string };

async function startServer(
  script: string,
  env: Record<string, string>,
  port: number,
  logFile: string,
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnChild('the server', process.execPath, [script], env, logFile);
  try {
    await waitReady(proc, `${url}/api/health`);
  } catch (error) {
    await stop(proc, 'SIGKILL');
    throw new Error(`${(error as Error).message}; see ${logFile}`, { cause: error });
  }
  return { ...proc, url };
}

/* ---------- one database ---------- */

/** What a round counts, and a database's totals add up. */
type Counts = {
  acked: number;
  refused: number;
  inFlight: number;
  retriedApplied: number;
  retriedRefused: number;
  retriedReplayed: number;
  replays: number;
};

type Totals = Counts & {
  driver: Driver;
  rounds: number;
  failure: string | null;
};

async function must(url: string, call: Parameters<typeof send>[1], what: string): Promise<Answer> {
  const answer = await send(url, call);
  if (!isOk(answer)) throw new Error(`setup: ${what} answered ${answer.status}: ${answer.message}`);
  return answer;
}

async function setUp(url: string, png: Buffer, violations: string[]): Promise<World> {
  const world = await setUpWorld(
    (call, what) => must(url, call, what),
    {
      label: 'Crash',
      admin: ADMIN,
      customers: CUSTOMERS,
      phonePrefix: '98765',
      password: 'crash-test-password',
    },
    png,
  );
  for (const c of world.customers) {
    const op = world.manual(0, c, 'setup');
    const answer = await must(url, op.call, 'opening deposit');
    op.outcome = { type: 'acked', answer, retried: false };
    violations.push(...world.applyAck(op, answer));
  }
  return world;
}

async function runDatabase(driver: Driver, script: string, png: Buffer): Promise<Totals> {
  const totals: Totals = {
    driver,
    rounds: 0,
    acked: 0,
    refused: 0,
    inFlight: 0,
    retriedApplied: 0,
    retriedRefused: 0,
    retriedReplayed: 0,
    replays: 0,
    failure: null,
  };
  const dir = mkdtempSync(join(tmpdir(), `iddesk-crash-${driver}-`));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
  try {
    if (driver === 'postgres') cluster = await startCluster({ port: PG_PORT });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return {
      ...totals,
      failure: `postgres: the cluster did not start: ${(error as Error).message}`,
    };
  }
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(PORTS[driver]),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // With DATABASE_URL the server requires APP_KEY (issue 13); any fixed key will do here.
    ...(cluster ? { DATABASE_URL: cluster.url, APP_KEY: CRASH_TEST_APP_KEY } : {}),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    // The admin signs in with a password alone (the second-factor stories enrol their own).
    STAFF_SECOND_FACTOR: 'optional',
    // Many calls from one IP and a few accounts: the limits would turn the load into 429s.
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_AUTH_ACCOUNT_MAX: '1000000',
    RATE_LIMIT_MONEY_MAX: '1000000',
    RATE_LIMIT_MONEY_IP_MAX: '1000000',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dir, 'no-web'),
  };
  const start = () => startServer(script, env, PORTS[driver], logFile);
  const checkDb = (world: World) =>
    cluster
      ? withPostgres(cluster.url, (q) => checkDatabase(q, world))
      : withPglite(dataDir, (q) => checkDatabase(q, world));

  let server: Server | null = null;
  try {
    server = await start();
    const setupViolations: string[] = [];
    const world = await setUp(server.url, png, setupViolations);
    if (setupViolations.length) throw new Error(setupViolations.join('\n'));

    for (let round = 1; round <= ROUNDS; round += 1) {
      const started = Date.now();
      server ??= await start();
      const startedMs = Date.now() - started;
      const result = await runRound(world, driver, round, server, start);
      server = result.server;
      const violations = result.violations;
      // The end of a round: the database itself. PGlite serves one process, so the server
      // stops first (SIGTERM, a clean shutdown) and the next round starts it again; PostgreSQL
      // is read beside the idle server, which goes on into the next round.
      const roundMs = Date.now() - started - startedMs;
      if (!cluster) {
        await stop(server, 'SIGTERM');
        server = null;
      }
      const db = await checkDb(world);
      violations.push(...db.violations);

      totals.acked += result.acked;
      totals.refused += result.refused;
      totals.inFlight += result.inFlight;
      totals.retriedApplied += result.retriedApplied;
      totals.retriedRefused += result.retriedRefused;
      totals.retriedReplayed += result.retriedReplayed;
      totals.replays += result.replays;
      log(
        `${driver} round ${round}/${ROUNDS}: SIGKILL after ${result.killAfter} ms ` +
          `(${result.killAfterAnswers} answers + ${result.killDelay} ms) with ${result.inFlight} in flight; ` +
          `${result.acked} acknowledged, ${result.refused} refused; retried ${result.inFlight}: ` +
          `${result.retriedApplied} applied (${result.retriedReplayed} replayed), ${result.retriedRefused} refused; ` +
          `${result.replays} acknowledged replayed; ${db.rows} rows, ${db.users} balances checked ` +
          `${violations.length ? `— ${violations.length} VIOLATIONS` : 'ok'} ` +
          `(${secs(Date.now() - started)} s: start ${secs(startedMs)}, load+kill+restart+checks ${secs(roundMs)}, ` +
          `stop+database ${secs(Date.now() - started - startedMs - roundMs)})`,
      );
      if (violations.length) {
        for (const v of violations.slice(0, MAX_PRINTED)) process.stdout.write(`  ✗ ${v}\n`);
        if (violations.length > MAX_PRINTED)
          process.stdout.write(`  … and ${violations.length - MAX_PRINTED} more\n`);
        totals.failure = `${driver} round ${round}: ${violations.length} violations (data dir and server log kept in ${dir})`;
        break;
      }
      totals.rounds = round;
    }
  } catch (error) {
    totals.failure = `${driver}: ${(error as Error).message} (data dir and server log kept in ${dir})`;
  } finally {
    if (server) await stop(server, 'SIGTERM');
    cluster?.stop();
    if (!totals.failure && !args.keep) rmSync(dir, { recursive: true, force: true });
  }
  return totals;
}

type RoundResult = Counts & {
  server: Server;
  violations: string[];
  killAfter: number;
  killAfterAnswers: number;
  killDelay: number;
};

async function runRound(
  world: World,
  driver: Driver,
  round: number,
  server: Server,
  restart: () => Promise<Server>,
): Promise<RoundResult> {
  const violations: string[] = [];
  const ops: Op[] = [];
  const url = server.url;
  let killed = false;

  const execute = async (op: Op) => {
    ops.push(op);
    await executeOp(world, op, (call) => send(url, call), violations);
  };

  const customerWorker = async (c: Customer) => {
    const rng = rngFor(driver, round, 'customer', c.index);
    while (!killed) {
      const r = rng();
      const op =
        r < 0.3
          ? world.addFunds(round, c)
          : r < 0.55
            ? world.withdraw(round, c)
            : r < 0.75
              ? world.idCreate(round, c)
              : (world.idDeposit(round, c, pick(rng)) ?? world.addFunds(round, c));
      await execute(op);
    }
  };
  const adminWorker = async (n: number) => {
    const rng = rngFor(driver, round, 'admin', n);
    while (!killed) {
      const queue = world.decidable();
      const r = rng();
      const someone = world.customers[pick(rng)(world.customers.length)]!;
      const op =
        queue.length > 0 && r < 0.8
          ? world.decide(round, queue[pick(rng)(queue.length)]!, rng() < 0.7)
          : world.manual(round, someone, r < 0.92 ? 'admin_deposit' : 'admin_withdraw');
      await execute(op);
    }
  };

  const killRng = rngFor(driver, round, 'kill');
  const killAfterAnswers = 1 + Math.floor(killRng() * KILL_MAX_ANSWERS);
  const killDelay = Math.floor(killRng() * KILL_MAX_DELAY_MS);
  const loadStarted = Date.now();
  const load = Promise.all([
    ...world.customers.map((c) => customerWorker(c)),
    ...Array.from({ length: ADMIN_WORKERS }, (_, n) => adminWorker(n)),
  ]);
  const answered = () => ops.filter((o) => o.outcome).length;
  while (answered() < killAfterAnswers && Date.now() - loadStarted < LOAD_TIMEOUT_MS)
    await sleep(5);
  await sleep(killDelay);
  const killAfter = Date.now() - loadStarted;
  killed = true;
  await stop(server, 'SIGKILL');
  await load;

  const restarted = await restart();
  const acked = ops.filter((o) => o.outcome?.type === 'acked');
  const inFlight = ops.filter((o) => o.outcome?.type === 'no-answer');

  // 1. Right after the restart, before any retry: every acknowledged item as the answers left
  // it (items an unanswered decision may have changed are left to the database check).
  const seen = new Set<Item>();
  for (const op of acked) {
    const answer = (op.outcome as { answer: Answer }).answer;
    const item =
      op.target ??
      world.get(CREATION_ITEM[op.kind as keyof typeof CREATION_ITEM], Number(answer.data.id));
    if (!item || item.kind === 'manual' || item.claimed || seen.has(item)) continue;
    seen.add(item);
    const path = {
      bill: `/admin/bills/${item.id}`,
      withdrawal: `/admin/withdraw/${item.id}`,
      user_id: `/admin/user_ids/${item.id}`,
      request: `/admin/requests/${item.id}`,
    }[item.kind];
    const now = await send(restarted.url, { method: 'GET', path, token: world.admin.token });
    if (now.status !== 200) {
      violations.push(
        `after the restart, ${item.kind} #${item.id} (acknowledged by op ${item.op}) answers ${now.status} ${now.message ?? ''}`,
      );
    } else if (
      now.data.status !== apiStatus(item) ||
      now.data.amount !== formatMinor(item.amount)
    ) {
      violations.push(
        `after the restart, ${item.kind} #${item.id} is ${now.data.status} ${now.data.amount}; acknowledged: ${apiStatus(item)} ${formatMinor(item.amount)}`,
      );
    } else if (item.kind === 'bill') {
      // The payment screenshot is written before the bill commits: it must be there too.
      const proof = await fetch(`${restarted.url}${String(now.data.proof_url)}`, {
        headers: { Authorization: `Bearer ${world.admin.token}` },
      });
      await proof.arrayBuffer();
      if (proof.status !== 200) {
        violations.push(
          `after the restart, bill #${item.id}'s proof ${String(now.data.proof_url)} answers ${proof.status}`,
        );
      }
    }
  }

  // 2. The operations the kill cut off, again with the same Idempotency-Key, in their order.
  let retriedApplied = 0;
  let retriedRefused = 0;
  let retriedReplayed = 0;
  for (const op of inFlight.sort((a, b) => a.serial - b.serial)) {
    const { answer, lastError } = await resend((call) => send(restarted.url, call), again(op.call));
    if (!answer) {
      violations.push(
        `${describe(op)}: no answer to the retry after the restart either (${lastError})`,
      );
      continue;
    }
    if (answer.replayed) retriedReplayed += 1;
    const recorded = record(world, op, answer, true);
    if (recorded.type === 'acked') {
      retriedApplied += 1;
      violations.push(...recorded.problems.map((p) => `retry: ${p}`));
    } else if (recorded.expected) retriedRefused += 1;
    else {
      const hint =
        answer.code === 'ALREADY_HANDLED'
          ? ' — the first attempt was applied, but the retry was not answered with its stored answer'
          : '';
      violations.push(
        `${describe(op)}: the retry after the restart answered ${answerText(answer)}${hint}`,
      );
      // Keep the model in step with what the server did, so later checks are not noise.
      if (op.target) await resync(restarted.url, world, op.target);
    }
  }

  // 3. A few acknowledged operations again with their key: the stored answer, not a second go.
  const rng = rngFor(driver, round, 'replay');
  const sample = [...acked].sort(() => rng() - 0.5).slice(0, REPLAYS_PER_ROUND);
  let replays = 0;
  for (const op of sample) {
    const first = (op.outcome as { answer: Answer }).answer;
    const second = await send(restarted.url, again(op.call)).catch((e: Error) => e);
    if (second instanceof Error) {
      violations.push(`${describe(op)}: no answer when sent again (${second.message})`);
    } else if (!isOk(second) || !second.replayed || second.data?.id !== first.data?.id) {
      violations.push(
        `${describe(op)}: sent again with its key after the restart, answered ${second.status} ` +
          `id ${String(second.data?.id)} (first answer: id ${String(first.data?.id)}), ` +
          `Idempotent-Replayed ${second.replayed ? 'true' : 'absent'}: not replayed`,
      );
      if (isOk(second) && !op.target && !second.replayed) {
        // Applied twice: take the second copy into the model so the database check is about
        // the crash, not this duplicate (which is reported here).
        world.applyAck({ ...op, outcome: undefined }, second);
      }
    } else replays += 1;
  }

  return {
    server: restarted,
    violations,
    killAfter,
    killAfterAnswers,
    killDelay,
    acked: acked.length,
    refused: ops.filter((o) => o.outcome?.type === 'refused' && !o.outcome.retried).length,
    inFlight: inFlight.length,
    retriedApplied,
    retriedRefused,
    retriedReplayed,
    replays,
  };
}

/** Read an item's status back from the server after a wrong answer. */
async function resync(url: string, world: World, item: Item): Promise<void> {
  const path = {
    bill: `/admin/bills/${item.id}`,
    withdrawal: `/admin/withdraw/${item.id}`,
    user_id: `/admin/user_ids/${item.id}`,
    request: `/admin/requests/${item.id}`,
    manual: '',
  }[item.kind];
  const answer = await send(url, { method: 'GET', path, token: world.admin.token });
  const status = String(answer.data?.status);
  item.status = status === 'active' ? 'approved' : (status as Item['status']);
}

/* ---------- main ---------- */

function build(): string {
  if (args.server) {
    if (!existsSync(args.server)) usage(`--server: ${args.server} does not exist`);
    return resolve(args.server);
  }
  return buildServer('crash-test', args['no-build'], usage);
}

if (DRIVERS.includes('postgres')) {
  const reason = clusterUnavailableReason();
  if (reason)
    usage(
      `PostgreSQL is needed for --db ${String(args.db)}: ${reason} (--db pglite runs without it)`,
    );
}
log(
  `seed ${SEED} (replay: npm run crash-test -- --seed ${SEED} --rounds ${ROUNDS} --db ${String(args.db)})`,
);
const began = Date.now();
const script = build();
const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f46e5' } })
  .png()
  .toBuffer();
const results: Totals[] = [];
for (const driver of DRIVERS) results.push(await runDatabase(driver, script, png));

const failed = results.filter((r) => r.failure);
const sum = (f: (r: Totals) => number) => results.reduce((n, r) => n + f(r), 0);
const survived = results
  .map((r) => `${r.rounds} ${r === results[0] ? 'rounds ' : ''}on ${r.driver}`)
  .join(', ');
const seconds = ((Date.now() - began) / 1000).toFixed(0);
if (failed.length) {
  for (const r of failed) log(`FAILED: ${r.failure}`);
  log(`FAILED with seed ${SEED}: ${survived} survived before the failure (${seconds} s)`);
  process.exit(1);
}
log(
  `${survived} survived; ${sum((r) => r.acked)} acknowledged operations checked, ` +
    `${sum((r) => r.retriedApplied)} retried in-flight operations applied once ` +
    `(${sum((r) => r.retriedReplayed)} of the retries replayed, ${sum((r) => r.retriedRefused)} refused and not applied; ` +
    `${sum((r) => r.replays)} acknowledged operations replayed) — seed ${SEED}, ${seconds} s`,
);
