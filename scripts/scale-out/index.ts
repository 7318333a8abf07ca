// `npm run scale-out-test` (issue 13): the multi-server deployment of deploy/compose.yaml, on
// loopback. A throwaway PostgreSQL 15, an S3-protocol server (s3rver) with the bucket made,
// two built servers with one APP_KEY on both, and Debian's nginx balancing them round robin.
// Then, through nginx only, unless a check says otherwise:
//   - a customer registers, logs in and adds funds with a screenshot; staff open it (through
//     both servers) and approve; the customer's poll sees the notification and the balance;
//   - staff's live event stream (through nginx) hears top-ups filed on the other server, p99 < 1 s;
//   - wrong-password logins spread over both servers hit 429 at RATE_LIMIT_AUTH_ACCOUNT_MAX;
//   - one Idempotency-Key sent to each server directly and through nginx moves money once;
//   - a third server with another APP_KEY (and one with none) refuses to start;
//   - one server is SIGKILLed during concurrent money calls; calls cut off are retried with
//     their key through nginx, and the database holds every acknowledged operation once and
//     balances equal to their ledgers (the crash test's model and checks).
// Every step is a named check; the run ends with 'N passed, N failed' and exits 1 on a failure.
//
//   npm run scale-out-test -- [--no-build] [--keep] [--drop-keys] [--pgbouncer]
//
// The database is set up as docs/operations.md says: deploy/roles.sql's owner and app roles,
// the migrations as the owner (the build's migrate.js), the servers as the app role.
// --pgbouncer puts Debian's PgBouncer (transaction pooling) between the servers and PostgreSQL,
// with DATABASE_LISTEN_URL straight to PostgreSQL.
// The server is built into .tmp/scale-out/server (apps/server's build with --outdir, so a
// running apps/server/dist is left alone); --no-build runs apps/server/dist/main.js as it is.
// --keep keeps the temp dir (logs, nginx config, data dirs); a failed run always keeps it.
// --drop-keys retries the calls cut off by the kill without their Idempotency-Key, as a client
// without one would: the last checks must then fail.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { type Answer, jsonCall } from '../crash-test/http';
import type { Op } from '../crash-test/world';
import { withPostgres } from '../crash-test/checks';
import { pgbouncerUnavailableReason, pgbouncerVersion } from '../lib/pgbouncer.mjs';
import { clusterUnavailableReason } from '../lib/postgres-cluster.mjs';
import {
  ACCOUNT_MAX,
  BUCKET,
  METRICS_TOKEN,
  build,
  cleanups,
  type Deployment,
  deploy,
  refusesToStart,
  usage,
} from './deployment';
import {
  ack,
  call,
  fetchFile,
  formatMinorPlain,
  get,
  isOk,
  must,
  toMinor,
  upstreamOf,
} from './http';
import { killMidTraffic } from './kill';
import { liveEventLatency } from './live-events';
import { NGINX_BIN } from './processes';
import { cannotRun, check, expect, log, summarize } from './report';
import { type Setup, setUp } from './setup';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** Retries and replays after the kill without their Idempotency-Key: the checks must fail. */
    'drop-keys': { type: 'boolean', default: false },
    /** The servers reach PostgreSQL through PgBouncer (transaction mode); LISTEN directly. */
    pgbouncer: { type: 'boolean', default: false },
  },
});
const STARTS = `the deployment starts (PostgreSQL with an owner and an app role, migrated as the owner${args.pgbouncer ? ', PgBouncer in transaction mode' : ''}, s3rver, two servers, nginx)`;

async function main(began: number): Promise<void> {
  const reason = clusterUnavailableReason();
  if (reason) usage(`PostgreSQL 15 is needed: ${reason}`);
  if (!existsSync(NGINX_BIN)) usage(`${NGINX_BIN} not found: apt-get install -y nginx`);
  const bouncer = args.pgbouncer ? pgbouncerUnavailableReason() : null;
  if (bouncer) usage(bouncer);
  const script = build(args['no-build']);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const dir = mkdtempSync(join(tmpdir(), 'iddesk-scale-out-'));
  tempDir = dir;
  log(`temp dir ${dir}`);

  let d: Deployment;
  try {
    d = await deploy(dir, script, { pgbouncer: args.pgbouncer });
  } catch (error) {
    await check(STARTS, () => Promise.reject(error));
    return finish(began);
  }
  await check(
    STARTS,
    async () =>
      `nginx on ${d.base} → ${d.servers.map((s) => s.port).join(', ')}` +
      (d.pgbouncer ? `; ${pgbouncerVersion()} on ${d.pgbouncer.port}` : ''),
  );
  const { base } = d;
  const [a, b] = d.servers as [Deployment['servers'][number], Deployment['servers'][number]];

  await check('nginx spreads requests over both servers', async () => {
    const seen = new Set<string>();
    for (let n = 0; n < 4; n += 1)
      seen.add(upstreamOf(await must(base, get('', '/health'), 'health')));
    expect(seen.size === 2, `4 calls reached only ${[...seen].join(', ')}`);
    return [...seen].join(' and ');
  });

  await check('the X-Request-Id nginx made reaches the client', async () => {
    const answer = await must(base, get('', '/health'), 'health');
    const id = answer.headers.get('x-request-id');
    // nginx's $request_id: 32 hex digits (the server's own ids are UUIDs).
    expect(
      id && /^[0-9a-f]{32}$/.test(id),
      `X-Request-Id is ${id ?? 'absent'}, not nginx's $request_id`,
    );
    return id;
  });

  await check('the servers connect as the app role; the owner role owns every table', async () => {
    const app = await withPostgres(d.cluster.url, (q) =>
      q(
        `select distinct usename::text as role from pg_stat_activity where datname = 'iddesk' and backend_type = 'client backend'`,
      ),
    );
    const owner = await withPostgres(d.directUrl, (q) =>
      q(`select distinct tableowner::text as role from pg_tables where schemaname = 'public'`),
    );
    const appRole = new URL(d.directUrl).username;
    const ownerRole = new URL(d.ownerUrl).username;
    expect(
      app.length === 1 && app[0]!.role === appRole,
      `connections to iddesk as ${app.map((r) => r.role).join(', ')}`,
    );
    // The owner's own connection ended with migrate.js; this check's first one is to "postgres".
    expect(
      owner.length === 1 && owner[0]!.role === ownerRole,
      `tables owned by ${owner.map((r) => r.role).join(', ')}`,
    );
    return `servers as ${appRole}, tables owned by ${ownerRole}`;
  });

  await check('nginx does not serve /metrics; each server does, to its token', async () => {
    const headers = { Authorization: `Bearer ${METRICS_TOKEN}` };
    const direct = await fetch(`${a.url}/metrics`, { headers });
    const text = await direct.text();
    expect(
      direct.status === 200 && text.includes('iddesk_http_request_duration_seconds'),
      `GET /metrics on server A directly answered ${direct.status}`,
    );
    const seen: string[] = [];
    for (const path of ['/metrics', '/metrics/', '/metrics?x=1', '/%6detrics']) {
      const through = await fetch(`${base}${path}`, { headers });
      const body = await through.text();
      expect(
        through.status === 404 && !body.includes('iddesk_'),
        `GET ${path} through nginx answered ${through.status}: ${body.slice(0, 80)}`,
      );
      seen.push(`${path} ${through.status}`);
    }
    return `directly 200; through nginx ${seen.join(', ')}`;
  });

  let setup: Setup | null = null;
  await check('a customer registers and logs in through nginx', async () => {
    setup = await setUp(base, png);
    const { story } = setup;
    const login = await must(
      base,
      jsonCall('', '/auth/login', { login: story.email, password: 'scale-out-password' }, false),
      'login',
    );
    expect(typeof login.data.api_token === 'string', 'login answered without a token');
    const passport = await must(
      base,
      jsonCall(String(login.data.api_token), '/user/passport', {}, false),
      'passport',
    );
    expect(
      passport.data.balance === '0.00',
      `a new customer's balance is ${passport.data.balance}`,
    );
  });
  if (!setup) {
    for (const name of STORY_CHECKS) cannotRun(name, 'no customer');
    return finish(began);
  }
  const { world, story, load } = setup as Setup;

  // Add funds, the screenshot in the bucket, staff see it through both servers and approve.
  const objectsBefore = d.store.objects().length;
  let bill: Op | null = null;
  await check(STORY_CHECKS[0], async () => {
    const op = world.addFunds(0, story);
    const answer = await ack(base, world, op);
    expect(answer.data.status === 'pending', `the bill is ${answer.data.status}`);
    bill = op;
    return `bill #${answer.data.id} ${answer.data.amount} through ${upstreamOf(answer)}`;
  });
  await check(STORY_CHECKS[1], async () => {
    const added = d.store.objects().length - objectsBefore;
    expect(
      added >= 1,
      `${added} objects arrived in bucket ${BUCKET} with the bill (the screenshot stayed on one server's disk)`,
    );
    return `${added} new object(s)`;
  });
  const billOp = bill as Op | null;
  const billId = billOp ? Number((billOp.outcome as { answer: Answer }).answer.data.id) : 0;
  if (billOp) {
    await check(STORY_CHECKS[2], async () => {
      const seen = await must(base, get(world.admin.token, `/admin/bills/${billId}`), 'the bill');
      const proofUrl = String(seen.data.proof_url);
      const answers = new Map<string, Awaited<ReturnType<typeof fetchFile>>>();
      for (let n = 0; n < 6 && answers.size < 2; n += 1) {
        const file = await fetchFile(base, proofUrl, world.admin.token);
        answers.set(file.upstream, file);
      }
      expect(answers.size === 2, `6 fetches reached only ${[...answers.keys()].join(', ')}`);
      const failed = [...answers].filter(([, f]) => f.status !== 200);
      expect(
        failed.length === 0,
        failed.map(([u, f]) => `${proofUrl} through ${u} answered ${f.status}`).join('; '),
      );
      const files = [...answers.values()];
      for (const f of files) {
        expect(f.type.startsWith('image/'), `${proofUrl} is ${f.type}`);
        const meta = await sharp(f.bytes).metadata();
        expect(
          meta.width === 64 && meta.height === 48,
          `the screenshot is ${meta.width}×${meta.height}, sent 64×48`,
        );
      }
      expect(files[0]!.bytes.equals(files[1]!.bytes), 'the two servers served different bytes');
      return `${proofUrl} through ${[...answers.keys()].join(' and ')}`;
    });
    await check(STORY_CHECKS[3], async () => {
      const item = world.get('bill', billId)!;
      const answer = await ack(base, world, world.decide(0, item, true));
      expect(answer.data.status === 'approved', `the bill is ${answer.data.status}`);
    });
    await check(STORY_CHECKS[4], async () => {
      const poll = await must(
        base,
        jsonCall(story.token, '/notifications/top', { id: 0 }, false),
        'the poll',
      );
      const items = poll.data as { title: string; body: string }[];
      expect(items.length >= 1, 'the poll returned no notification');
      const about = items.find((n) => n.body.includes(`bill #${billId}`));
      expect(
        about && /approved/.test(about.body),
        `no notification of bill #${billId}'s approval: ${JSON.stringify(items)}`,
      );
      const passport = await must(
        base,
        jsonCall(story.token, '/user/passport', {}, false),
        'passport',
      );
      const want = world.expectedBalances().get(story.id)!;
      expect(
        passport.data.balance === formatMinorPlain(want),
        `balance ${passport.data.balance}, expected ${formatMinorPlain(want)}`,
      );
      return `"${about.title}", balance ${passport.data.balance}`;
    });
  } else {
    for (const name of STORY_CHECKS.slice(2)) cannotRun(name, 'no bill');
  }

  await check(
    "a top-up filed on one server reaches staff's event stream on the other through nginx: p99 < 1 s",
    () => liveEventLatency(d, world, story),
  );

  await check("an ID's credentials, sealed with APP_KEY, open through both servers", async () => {
    const created = world.idCreate(0, story);
    const answer = await ack(base, world, created);
    const userIdId = Number(answer.data.id);
    const decision = world.decide(0, world.get('user_id', userIdId)!, true);
    await ack(base, world, decision);
    const sent = JSON.parse(decision.call.body!.toString('utf8')) as {
      login: string;
      password: string;
    };
    const upstreams = new Set<string>();
    for (let n = 0; n < 6 && upstreams.size < 2; n += 1) {
      const own = await call(base, get(story.token, `/user_ids/${userIdId}`));
      expect(
        own.status === 200,
        `GET /user_ids/${userIdId} through ${upstreamOf(own)} answered ${own.status} ${own.message ?? ''}`,
      );
      expect(
        own.data.login === sent.login && own.data.password === sent.password,
        `through ${upstreamOf(own)} the credentials read ${own.data.login}/${own.data.password}`,
      );
      upstreams.add(upstreamOf(own));
    }
    expect(upstreams.size === 2, `6 reads reached only ${[...upstreams].join(', ')}`);
  });

  await check(
    `wrong-password logins over both servers: 429 on attempt ${ACCOUNT_MAX + 1} (RATE_LIMIT_AUTH_ACCOUNT_MAX=${ACCOUNT_MAX})`,
    async () => {
      // An account no call has used yet: every login attempt counts on the account, a right
      // password too (setUp's admin login would be the first of the window), and an unknown
      // account counts like a known one (docs/security.md §4).
      const victim = `guessed-${randomBytes(4).toString('hex')}@scale.iddesk.local`;
      const attempts: string[] = [];
      const upstreams = new Set<string>();
      let first429 = 0;
      for (let n = 1; n <= 2 * ACCOUNT_MAX + 1 && !first429; n += 1) {
        const answer = await call(
          base,
          jsonCall('', '/auth/login', { login: victim, password: `wrong-${n}` }, false),
        );
        upstreams.add(upstreamOf(answer));
        attempts.push(`${answer.status}@${upstreamOf(answer).split(':')[1]}`);
        expect(answer.status !== 200, `a wrong password was accepted (attempt ${n})`);
        if (answer.status === 429) first429 = n;
      }
      expect(upstreams.size === 2, `the attempts reached only ${[...upstreams].join(', ')}`);
      expect(
        first429 === ACCOUNT_MAX + 1,
        `first 429 on attempt ${first429 || 'none'} of ${attempts.length}: ${attempts.join(' ')}`,
      );
      return attempts.join(' ');
    },
  );

  await check(
    'one Idempotency-Key sent to each server and through nginx moves money once',
    async () => {
      const customer = load[0]!;
      const before = (
        await must(base, jsonCall(customer.token, '/user/passport', {}, false), 'passport')
      ).data.balance;
      const op = world.manual(0, customer, 'admin_deposit');
      const first = await ack(a.url, world, op);
      expect(!first.replayed, 'the first call was answered as a replay');
      for (const [where, url] of [
        ['server B directly', b.url],
        ['nginx', base],
      ] as const) {
        const again = await call(url, op.call);
        expect(isOk(again), `again through ${where}: ${again.status} ${again.message ?? ''}`);
        expect(
          again.replayed && again.data.id === first.data.id,
          `again through ${where}: transaction #${again.data?.id}, replayed: ${again.replayed}; first #${first.data.id}`,
        );
      }
      const after = (
        await must(base, jsonCall(customer.token, '/user/passport', {}, false), 'passport')
      ).data.balance;
      const want = formatMinorPlain(toMinor(before) + op.amount);
      expect(after === want, `balance went from ${before} to ${after}; once would be ${want}`);
      return `transaction #${first.data.id}, balance ${before} → ${after}`;
    },
  );

  await check('a server with another APP_KEY refuses to start', () =>
    refusesToStart(d, 'server-c', randomBytes(32).toString('hex')),
  );
  await check('a server without APP_KEY refuses to start (DATABASE_URL is set)', () =>
    refusesToStart(d, 'server-d', undefined),
  );

  await killMidTraffic(d, world, load, args['drop-keys']);
  return finish(began);
}

const STORY_CHECKS = [
  'the customer adds funds with a screenshot',
  'the screenshot is stored in the bucket',
  'staff open the screenshot through both servers',
  'staff approve the top-up',
  "the customer's poll sees the notification and the new balance",
] as const;

let tempDir = '';

/** Stop everything (last started first), print the summary, keep the temp dir on a failure. */
async function finish(began: number): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`cleanup: ${(error as Error).message}`);
    }
  }
  const passed = summarize((Date.now() - began) / 1000, tempDir);
  if (passed && !args.keep && tempDir) rmSync(tempDir, { recursive: true, force: true });
  process.exitCode = passed ? 0 : 1;
}

const began = Date.now();
await main(began).catch(async (error: unknown) => {
  await check('the scale-out test runs to the end', () => Promise.reject(error));
  await finish(began);
});
process.exit(process.exitCode ?? 1);
