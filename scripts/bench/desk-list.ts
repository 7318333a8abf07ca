// `npm run bench:desk`: issue 16's benchmark row — a filtered staff list on 50 000 bills
// answers in p99 < 100 ms on PostgreSQL. Starts a throwaway PostgreSQL, migrates it, seeds
// customers, proofs and bills with INSERT … SELECT generate_series, then asks the real app
// (app.inject: routing, validation, the query, serialisation; no socket) for the staff
// lists with each desk filter, one after another, and prints p50/p99 per filter. Exits 1
// when a p99 reaches the budget. Options: --bills N (50000), --requests N per filter (200),
// --explain (print EXPLAIN ANALYZE of each filter's list statement: the plan does not depend
// on how busy the machine is, the timings do). Writes its table to docs/performance.md unless
// --no-write (or --explain). (The look-alike search: `npm run bench:lookalike`.)
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { parseEnv } from '../../apps/server/src/config/env';
import { openPostgres } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { clusterUnavailableReason, startCluster } from '../lib/postgres-cluster.mjs';
import { machineLine, writeSection } from '../lib/perf-doc.mjs';

const { values: args } = parseArgs({
  options: {
    bills: { type: 'string', default: '50000' },
    requests: { type: 'string', default: '200' },
    explain: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const BILLS = Number(args.bills);
const REQUESTS = Number(args.requests);
const USERS = Math.max(100, Math.round(BILLS / 10));
const BUDGET_MS = 100;
const log = (message: string) => process.stdout.write(`bench:desk: ${message}\n`);

async function main() {
  const machine = machineLine();
  const reason = clusterUnavailableReason();
  if (reason) throw new Error(`PostgreSQL is not available: ${reason}`);
  const cluster = await startCluster();
  const database = await openPostgres(cluster.url);
  const scratch = mkdtempSync(join(tmpdir(), 'iddesk-bench-desk-'));
  const { appKeyFromEnv: _ignored, ...env } = parseEnv(
    { LOG_LEVEL: 'silent', DATA_DIR: join(scratch, 'data'), WEB_DIST_DIR: join(scratch, 'no-web'), STAFF_SECOND_FACTOR: 'optional' },
    scratch,
  );
  const seeder = new pg.Pool({ connectionString: cluster.url, max: 1 });
  const app = await buildApp({ db: database.db, config: { ...env, appKey: randomBytes(32) } });
  try {
    const started = performance.now();
    const run = (text: string, params: unknown[] = []) => seeder.query(text, params);
    const passwordHash = await hashPassword('bench-desk-password');
    await run(
      `insert into users (name, email, phone, password_hash, type)
       select 'Customer ' || i, 'customer' || i || '@bench.example', '+9190' || lpad(i::text, 8, '0'), $1, 'user'
       from generate_series(1, $2::int) i`,
      [passwordHash, USERS],
    );
    await run(
      `insert into users (name, email, phone, password_hash, type, role) values ('Desk Admin', 'desk@bench.example', '+919999999999', $1, 'admin', 'owner')`,
      [passwordHash],
    );
    await run(
      `insert into payment_types (name, kind, upi_id) select 'Type ' || i, 'upi', 'desk' || i || '@okaxis' from generate_series(1, 4) i`,
    );
    await run(
      `insert into uploads (key, visibility, owner_id, content_type, byte_size, width, height)
       select md5(i::text) || '.webp', 'private', 1 + (i % $2::int), 'image/webp', 1000, 360, 640
       from generate_series(1, $1::int) i`,
      [BILLS, USERS],
    );
    // A fifth pending, the rest handled; a few references repeat, like reused proofs would.
    // In chunks, each its own transaction: the proof-reuse trigger (migration 0016) takes an
    // advisory lock per UTR, and 50 000 in one transaction exceed max_locks_per_transaction.
    for (let from = 1; from <= BILLS; from += 5_000) await run(
      `insert into bills (user_id, amount, payment_type_id, reference, proof_key, status, handled_by, handled_at, created_at)
       select 1 + (i % $2::int), (1 + (i * 7919) % 500000)::bigint,
              (select min(id) from payment_types) + (i % 4),
              'UTR' || lpad(((i::bigint * 104729) % ($1::int - 50))::text, 12, '0'),
              md5(i::text) || '.webp',
              (case when i % 5 = 0 then 'pending' when i % 7 = 0 then 'rejected' else 'approved' end)::approval_status,
              case when i % 5 = 0 then null else (select id from users where type = 'admin') end,
              case when i % 5 = 0 then null else now() - make_interval(secs => ($1::int - i) * 30) + interval '10 minutes' end,
              now() - make_interval(secs => ($1::int - i) * 30)
       from generate_series($3::int, least($3::int + 4999, $1::int)) i`,
      [BILLS, USERS, from],
    );
    // As autovacuum keeps a database that grew over time: statistics and visibility maps.
    await run('vacuum analyze');
    log(`seeded ${BILLS} bills, ${USERS} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: { login: 'desk@bench.example', password: 'bench-desk-password' },
    });
    const token = login.json<{ data: { api_token: string } }>().data.api_token;
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const filters: [string, string][] = [
      ['pending queue, oldest first', 'pending=1'],
      ['pending, page 50', 'pending=1&page=50'],
      ['pending, customer', 'pending=1&customer=Customer%20123'],
      ['pending, amount range', 'pending=1&amount_min=1000&amount_max=2000'],
      ['pending, reference', 'pending=1&reference=UTR0000001'],
      ['pending, payment type, newest', 'pending=1&payment_type_id=2&sort=newest'],
      ['done, last 7 days', `pending=0&from=${weekAgo}&to=${today}`],
      ['done, everything combined', `pending=0&customer=customer1&amount_min=100&from=${weekAgo}&payment_type_id=3`],
    ];
    const rows: string[] = [];
    let worst = 0;
    // The app's pool, to see the statements it sends (for --explain).
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const seen: { text: string; values: unknown[] }[] = [];
    const originalQuery = pool.query.bind(pool) as (...a: unknown[]) => unknown;
    if (args.explain) {
      (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
        const [config, values] = a as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        const text = typeof config === 'string' ? config : config.text;
        if (/from "bills"/.test(text) && /order by/.test(text)) seen.push({ text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) });
        return originalQuery(...a);
      };
    }
    for (const [name, query] of filters) {
      const url = `/api/admin/bills?${query}`;
      if (args.explain) {
        seen.length = 0;
        await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const statement = seen[0];
        if (statement) {
          const plan = await seeder.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
          process.stdout.write(`\n--- ${name}: ${query}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n`);
        }
      }
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 10; i += 1) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (i >= 10) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      worst = Math.max(worst, p(0.99));
      rows.push(`| ${name} | \`${query}\` | ${p(0.5).toFixed(1)} | ${p(0.99).toFixed(1)} |`);
    }
    const lists = `| filtered list on ${BILLS} bills (PostgreSQL) | query | p50 ms | p99 ms |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`;
    process.stdout.write(`\n${lists}\n`);
    const verdict = `worst p99 ${worst.toFixed(1)} ms (budget ${BUDGET_MS} ms): ${worst < BUDGET_MS ? 'met' : '**missed**'}`;
    log(verdict);
    if (!args['no-write'] && !args.explain) {
      writeSection(
        'desk',
        [
          `Measured ${machine}; at the end: ${loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
          '',
          `\`npm run bench:desk\` — ${BILLS} bills (a fifth pending) of ${USERS} customers, each with its proof; ${REQUESTS} requests ` +
            'per filter through `app.inject` one after another (routing, validation, the query, serialisation; no socket).',
          '',
          lists,
          `- ${verdict}`,
        ].join('\n'),
      );
      log('written to docs/performance.md');
    }
    if (worst >= BUDGET_MS) process.exitCode = 1;
  } finally {
    try {
      await app.close();
      await seeder.end();
      await database.close();
    } finally {
      // Whatever failed above, the throwaway cluster goes (one once outlived a failed run).
      cluster.stop();
    }
  }
}

await main();
