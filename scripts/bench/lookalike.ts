// `npm run bench:lookalike`: issue 51 item 3's row. A deposit with a payment screenshot, its
// server CPU (this process: the request, the image thread, the look-alike search and judgement)
// and its PostgreSQL CPU (the cluster's backends), on an empty database and on one holding
// --proofs stored proofs (100 000), seeded in SQL: half of them copies of earlier ones (a
// fingerprint naming its original, no keys), the other half with two dozen index keys each, near
// the codes real receipt lines give, and every key the receipts' labels and buttons share (a
// template's) already held by LOOKALIKE_KEY_CAP fingerprints. Each deposit sends a receipt not
// seen before (scripts/receipts). The two databases take --deposits deposits in turns, --rounds
// times (the order flips every round), on one throwaway PostgreSQL; the medians per deposit are
// compared: the budget is within 20 % of the empty database's. Prints only; exits 1 over budget.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { parseEnv } from '../../apps/server/src/config/env';
import { openPostgres } from '../../apps/server/src/db/client';
import type { Database } from '../../apps/server/src/db/types';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { encodeFingerprint, fingerprintOfImage, storedKeys } from '../../apps/server/src/lib/lookalike';
import { LOOKALIKE_KEY_CAP } from '../../apps/server/src/modules/uploads/repository';
import { receiptsOf, renderReceipt } from '../receipts/receipts';
import { clusterUnavailableReason, startCluster } from '../lib/postgres-cluster.mjs';
import { machineLine } from '../lib/perf-doc.mjs';
import { multipart } from './scenarios';
import { treeCpuSecondsOf } from './server-process';

const { values: args } = parseArgs({
  options: {
    proofs: { type: 'string', default: '100000' },
    deposits: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '6' },
  },
});
const PROOFS = Number(args.proofs);
const DEPOSITS = Number(args.deposits);
const ROUNDS = Number(args.rounds);
const BUDGET = 1.2;
const PASSWORD = 'bench-lookalike-password';
const log = (message: string) => process.stdout.write(`bench:lookalike: ${message}\n`);

type Side = { name: string; database: Database; app: Awaited<ReturnType<typeof buildApp>>; token: string; paymentTypeId: number };

async function side(name: string, url: string, scratch: string): Promise<Side> {
  const database = await openPostgres(url);
  const { appKeyFromEnv: _ignored, ...env } = parseEnv(
    {
      LOG_LEVEL: 'silent',
      DATA_DIR: join(scratch, name),
      WEB_DIST_DIR: join(scratch, 'no-web'),
      STAFF_SECOND_FACTOR: 'optional',
      RATE_LIMIT_MONEY_MAX: '1000000',
      RATE_LIMIT_MONEY_IP_MAX: '1000000',
      RATE_LIMIT_AUTH_MAX: '1000000',
    },
    scratch,
  );
  const app = await buildApp({ db: database.db, config: { ...env, appKey: randomBytes(32) } });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into users (name, email, phone, password_hash, type) values ('Bench Payer', 'payer@bench.example', '+919000000001', $1, 'user')`,
    [await hashPassword(PASSWORD)],
  );
  const type = await client.query(`insert into payment_types (name, kind, upi_id) values ('UPI', 'upi', 'desk@okaxis') returning id`);
  await client.end();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: { login: 'payer@bench.example', password: PASSWORD },
  });
  const token = login.json<{ data: { api_token: string } }>().data.api_token;
  return { name, database, app, token, paymentTypeId: type.rows[0].id as number };
}

/** 100 000 proofs in SQL: uploads, bills, fingerprints; originals with keys, copies naming them. */
async function seed(url: string, templateKeys: bigint[], lineKeys: bigint[], fingerprint: Buffer): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = (text: string, values: unknown[] = []) => client.query(text, values);
  await run(
    `insert into users (name, email, phone, password_hash, type)
     select 'Customer ' || i, 'c' || i || '@bench.example', '+9180' || lpad(i::text, 8, '0'), 'x', 'user' from generate_series(1, 1000) i`,
  );
  await run(
    `insert into uploads (key, visibility, owner_id, content_type, byte_size, width, height, created_at)
     select md5('proof-' || i) || '.jpg', 'private', (select min(id) from users) + i % 1000, 'image/jpeg', 100000, 720, 1600,
            now() - make_interval(secs => ($1::int - i) * 30)
     from generate_series(1, $1::int) i`,
    [PROOFS],
  );
  // Odd proofs are originals; an even one is a copy of the original before it.
  await run(
    `insert into proof_fingerprints (upload_key, fingerprint, lookalike_of)
     select md5('proof-' || i) || '.jpg', case when i <= 1000 then $2::bytea else $3::bytea end,
            case when i % 2 = 0 then array[md5('proof-' || (i - 1)) || '.jpg'] else '{}'::text[] end
     from generate_series(1, $1::int) i order by i`,
    // A real receipt's fingerprint on the first thousand (what a candidate's judgement reads),
    // the header alone on the rest: 4 KB each would only make the seed slow.
    [PROOFS, fingerprint, fingerprint.subarray(0, 5)],
  );
  // A template's keys: held by LOOKALIKE_KEY_CAP originals already.
  await run(
    `insert into proof_keys (key, fingerprint_id)
     select k, f.id from unnest($1::bigint[]) k, (select id from proof_fingerprints order by id limit $2) f`,
    [templateKeys.map(String), LOOKALIKE_KEY_CAP],
  );
  // Each original's own keys: codes of real receipt lines with two bits changed, as other
  // payments' lines give (the half's bit, 32, kept).
  await run(
    `insert into proof_keys (key, fingerprint_id)
     select distinct k.key, f.id
     from (select id, row_number() over (order by id) as n from proof_fingerprints where cardinality(lookalike_of) = 0) f,
          lateral (select ($1::bigint[])[1 + ((f.n * 24 + j) * 7919) % cardinality($1::bigint[])]
                          # (1::bigint << ((f.n * 13 + j * 5) % 22)::int)
                          # (1::bigint << ((f.n * 7 + j * 11 + 3) % 22)::int) as key
                   from generate_series(1, 24) j) k
     on conflict do nothing`,
    [lineKeys.map(String)],
  );
  // In chunks, each its own transaction: the proof-reuse trigger takes an advisory lock per
  // reference, and 100 000 in one transaction exceed max_locks_per_transaction.
  for (let from = 1; from <= PROOFS; from += 5_000)
    await run(
      `insert into bills (user_id, amount, payment_type_id, reference, proof_key, status, created_at)
       select u.owner_id, 50000, (select min(id) from payment_types), 'SEED' || lpad(u.i::text, 9, '0'), u.key,
              (case when u.i % 5 = 0 then 'pending' else 'approved' end)::approval_status, u.created_at
       from (select key, owner_id, created_at, row_number() over (order by created_at, key) as i from uploads) u
       where u.i between $1 and $1 + 4999`,
      [from],
    );
  await run('vacuum analyze');
  await client.end();
}

async function main() {
  const machine = machineLine();
  const reason = clusterUnavailableReason();
  if (reason) throw new Error(`PostgreSQL is not available: ${reason}`);
  const scratch = mkdtempSync(join(tmpdir(), 'iddesk-bench-lookalike-'));
  const cluster = await startCluster();
  const postmaster = Number(readFileSync(join(cluster.root, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
  const sides: Side[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database bench_empty');
    await admin.query('create database bench_full');
    await admin.end();
    const urlOf = (db: string) => cluster.url.replace(/\/postgres$/, `/${db}`);

    // Receipts: the deposits' (each sent once), and a sample whose keys the seed copies.
    const started = performance.now();
    const sample = receiptsOf(7, 120);
    const seen = new Map<bigint, number>();
    let fingerprint: Buffer = Buffer.alloc(0);
    for (const receipt of sample) {
      const print = await fingerprintOfImage(await renderReceipt(receipt));
      if (fingerprint.length === 0) fingerprint = encodeFingerprint(print);
      for (const key of storedKeys(print)) seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const templateKeys = [...seen].filter(([, n]) => n > 1).map(([key]) => key);
    const lineKeys = [...seen].filter(([, n]) => n === 1).map(([key]) => key);
    const deposits = await Promise.all(receiptsOf(2027, 2 * ROUNDS * DEPOSITS).map((r) => renderReceipt(r)));
    log(`rendered ${sample.length + deposits.length} receipts in ${((performance.now() - started) / 1000).toFixed(0)} s; ${templateKeys.length} template keys`);

    const seeding = performance.now();
    sides.push(await side('empty', urlOf('bench_empty'), scratch));
    sides.push(await side('full', urlOf('bench_full'), scratch));
    await seed(urlOf('bench_full'), templateKeys, lineKeys, fingerprint);
    log(`seeded ${PROOFS} proofs in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);

    const perDeposit: Record<string, { server: number[]; db: number[] }> = { empty: { server: [], db: [] }, full: { server: [], db: [] } };
    let next = 0;
    const send = async (s: Side, n: number) => {
      const bodies = Array.from({ length: n }, () => {
        const form = multipart(
          { amount: '500', payment_type_id: String(s.paymentTypeId), reference: `UTR${s.name}${String(next).padStart(9, '0')}` },
          { field: 'proof', data: deposits[next++ % deposits.length]! },
        );
        return form;
      });
      const cpu0 = process.cpuUsage();
      const db0 = treeCpuSecondsOf(postmaster);
      for (const form of bodies) {
        const res = await s.app.inject({
          method: 'POST',
          url: '/api/add_funds',
          headers: { authorization: `Bearer ${s.token}`, 'content-type': form.contentType, 'x-requested-with': 'XMLHttpRequest' },
          payload: form.body,
        });
        if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
      }
      const cpu = process.cpuUsage(cpu0);
      return { server: (cpu.user + cpu.system) / 1000 / n, db: ((treeCpuSecondsOf(postmaster) - db0) * 1000) / n };
    };
    // Warm-up: the image thread, V8, both databases' caches.
    for (const s of sides) await send(s, 5);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const s of order) {
        const { server, db } = await send(s, DEPOSITS);
        perDeposit[s.name]!.server.push(server);
        perDeposit[s.name]!.db.push(db);
        log(`round ${round + 1} ${s.name}: server ${server.toFixed(2)} ms, PostgreSQL ${db.toFixed(2)} ms per deposit`);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const row = (name: string) => ({ server: median(perDeposit[name]!.server), db: median(perDeposit[name]!.db) });
    const [empty, full] = [row('empty'), row('full')];
    const ratio = (full.server + full.db) / (empty.server + empty.db);
    const lines = [
      `Measured ${machine}; at the end: ${loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
      '',
      `| a deposit with a receipt screenshot (median of ${ROUNDS} rounds of ${DEPOSITS}) | server CPU ms | PostgreSQL CPU ms | both |`,
      '| --- | --- | --- | --- |',
      `| empty database | ${empty.server.toFixed(2)} | ${empty.db.toFixed(2)} | ${(empty.server + empty.db).toFixed(2)} |`,
      `| ${PROOFS} proofs stored | ${full.server.toFixed(2)} | ${full.db.toFixed(2)} | ${(full.server + full.db).toFixed(2)} |`,
      `| ratio | ${(full.server / empty.server).toFixed(2)} | ${(full.db / empty.db).toFixed(2)} | ${ratio.toFixed(2)} |`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
    log(`both within ${Math.round((BUDGET - 1) * 100)} % of the empty database's: ${ratio <= BUDGET ? 'met' : '**missed**'}`);
    if (ratio > BUDGET) process.exitCode = 1;
  } finally {
    try {
      for (const s of sides) {
        await s.app.close();
        await s.database.close();
      }
    } finally {
      cluster.stop();
    }
  }
}

await main();
process.exit(process.exitCode ?? 0);
