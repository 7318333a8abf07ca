// `npx tsx scripts/bench/signal-commits.ts`: what the cache signals cost the commits that
// raise them (migration 0023). On a throwaway PostgreSQL with durable commits (fsync and
// synchronous_commit on, as the bench runs it), pgbench changes random balances in
// transactions of one UPDATE, whose trigger signals `b:<id>`: once with the signal as a NOTIFY
// (any writer but the server's pool), once through the outbox (the pool's
// `iddesk.signal_outbox=on`, with this process sending the outbox every 5 ms as a server's
// feed does). The two alternate; the transactions per second are printed. Options: --clients N
// (10, the server's pool), --seconds N (8), --rounds N (3). Prints only: the ratio is what
// matters, and it depends on the disk's flush time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/client';
import { SEND_OUTBOX, SIGNAL_OUTBOX_OPTION } from '../../apps/server/src/db/change-feed';
import { PG_BIN_DIR, startCluster } from '../lib/postgres-cluster.mjs';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
  },
});
const USERS = 1000;

const cluster = await startCluster({ settings: { max_connections: '200' } });
try {
  const database = await openPostgres(cluster.url);
  await database.close();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(
    `insert into users (name, email, phone, password_hash)
     select 'U' || n, 'u' || n || '@x.test', '+91' || lpad(n::text, 10, '0'), 'x' from generate_series(1, ${USERS}) n`,
  );
  const script = join(mkdtempSync(join(tmpdir(), 'signal-commits-')), 'balance.sql');
  writeFileSync(script, `\\set id random(1, ${USERS})\nBEGIN;\nUPDATE users SET balance = balance + 1 WHERE id = :id;\nCOMMIT;\n`);

  // A server's feed: sends the outbox without waiting for the disk (db/change-feed.ts).
  const sender = new pg.Client({ connectionString: cluster.url, options: '-c synchronous_commit=off' });
  await sender.connect();
  let sending = false;
  const timer = setInterval(() => {
    if (sending) return;
    sending = true;
    void sender
      .query(SEND_OUTBOX)
      .finally(() => (sending = false));
  }, 5);

  const run = (outbox: boolean): number => {
    const result = spawnSync(
      join(PG_BIN_DIR, 'pgbench'),
      ['-n', '-M', 'prepared', '-c', args.clients!, '-j', '2', '-T', args.seconds!, '-f', script, cluster.url],
      { encoding: 'utf8', env: { ...process.env, PGOPTIONS: outbox ? SIGNAL_OUTBOX_OPTION : '' } },
    );
    const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
    if (result.status !== 0 || !tps) throw new Error(`pgbench failed: ${result.stderr}`);
    return Number(tps);
  };

  process.stdout.write(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(' / ')}\n`);
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    const notify = run(false);
    const outbox = run(true);
    process.stdout.write(
      `round ${round}: NOTIFY in the transaction ${notify.toFixed(0)} tps, outbox ${outbox.toFixed(0)} tps (${(outbox / notify).toFixed(2)}×)\n`,
    );
  }
  clearInterval(timer);
  await sender.end();
  await admin.end();
} finally {
  cluster.stop();
}
