// The benchmark's database: thousands of customers with IDs, transactions, notifications and
// a live session each, written with a handful of INSERT … SELECT generate_series statements
// straight into a database the server has already migrated (and demo-seeded) on its first
// start. Tokens are made here; only their SHA-256 goes in, as the server stores them.
import { randomBytes } from 'node:crypto';
import { DEFAULT_MONEY_LIMITS } from '@iddesk/contract';
import { hashPassword } from '../../apps/server/src/lib/passwords';

/** The one call the seeding needs; PGlite's `query` and pg's `Client#query` both fit. */
export type SqlRunner = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

export const BENCH_PASSWORD = 'bench-password-1';
export const NOTIFICATIONS_PER_USER = 50;
const IDS_PER_USER = 2;
const TRANSACTIONS_PER_USER = 12;
const REVIEWS = 2_000;
const BILLS_PER_USER = 2;
const WITHDRAWALS_PER_USER = 2;

export type BenchUser = {
  id: number;
  email: string;
  token: string;
  /**
   * The id of the user's newest notification: what a browser that has seen everything polls
   * with, so the poll has nothing new (issue 19's budget row).
   */
  newestNotificationId: number;
};

export type SeedSummary = { users: BenchUser[]; rows: Record<string, number>; seconds: number };

export async function seedBenchData(run: SqlRunner, userCount: number): Promise<SeedSummary> {
  const started = performance.now();
  // One argon2 hash for everyone: hashing 5 000 passwords would take minutes and measure nothing.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // Token of user N = prefix + N: 43+ URL-safe characters, random enough for a benchmark.
  const tokenPrefix = randomBytes(24).toString('base64url');

  const items = (await run('select count(*)::int as n from catalogue_items where is_active'))
    .rows as {
    n: number;
  }[];
  if (!items[0] || items[0].n === 0) throw new Error('no catalogue items: was the demo seed on?');

  await run(
    `insert into users (name, email, phone, password_hash, balance, created_at)
     select 'Bench Customer ' || g, 'bench' || g || '@bench.iddesk.local',
            '+9177' || lpad(g::text, 8, '0'), $1, ((g % 500) + 1) * 10000,
            now() - make_interval(mins => g)
     from generate_series(1, $2::int) g`,
    [passwordHash, userCount],
  );
  const benchUsers = `(select id from users where email like 'bench%@bench.iddesk.local')`;

  // Issue 17: the withdrawal row measures a keyed ₹1.00 withdrawal, many a day per customer, as
  // before the owners' limits existed; the other limits stay at their defaults.
  await run(
    `insert into settings (key, value) values ('money_limits', $1)
     on conflict (key) do update set value = excluded.value`,
    [
      JSON.stringify({
        ...DEFAULT_MONEY_LIMITS,
        withdraw: { min: '1.00', max: DEFAULT_MONEY_LIMITS.withdraw.max },
        daily_payout: '100000000.00',
      }),
    ],
  );

  await run(
    `insert into sessions (user_id, token_hash, created_at, last_used_at, expires_at)
     select id, encode(sha256(convert_to($1 || id, 'UTF8')), 'hex'), now(), now(),
            now() + interval '90 days'
     from users where id in ${benchUsers}`,
    [tokenPrefix],
  );

  await run(
    `with items as (select array_agg(id order by id) as a from catalogue_items where is_active)
     insert into user_ids (user_id, item_id, username, status, created_at, updated_at)
     select u.id, items.a[1 + (u.id + k) % array_length(items.a, 1)], 'bench_' || u.id || '_' || k,
            'active', now() - make_interval(days => k), now() - make_interval(days => k)
     from ${benchUsers} u, generate_series(1, ${IDS_PER_USER}) k, items
     order by k, u.id`,
  );
  await run(
    `insert into id_requests (user_id_id, user_id, type, status, amount, confirmed_amount, pay_from,
                              handled_at, created_at)
     select id, user_id, 'create', 'approved', 50000, 50000, 'wallet', created_at, created_at
     from user_ids where user_id in ${benchUsers}`,
  );

  await run(
    `insert into transactions (user_id, amount, status, kind, cause_type, balance_after,
                               description, created_at, settled_at)
     select u.id,
            case when t % 3 = 0 then -50000 else 100000 end,
            'done',
            (case when t % 3 = 0 then 'id_deposit' else 'add_funds' end)::transaction_kind,
            'manual',
            t * 10000,
            case when t % 3 = 0 then 'Deposit to an ID' else 'Funds added' end,
            now() - make_interval(hours => ${TRANSACTIONS_PER_USER} - t),
            now() - make_interval(hours => ${TRANSACTIONS_PER_USER} - t)
     from ${benchUsers} u, generate_series(1, ${TRANSACTIONS_PER_USER}) t
     order by t, u.id`,
  );

  // Oldest first across all users, so ids grow with time as they do in production.
  await run(
    `insert into notifications (user_id, title, body, link, read_at, created_at)
     select u.id,
            case n % 4 when 0 then 'Deposit approved' when 1 then 'Funds added'
                       when 2 then 'Withdrawal paid' else 'ID request approved' end,
            'Your request #' || (u.id * 100 + n) || ' was handled by our team. The amount is ₹'
              || (n * 100) || '.00.',
            '/my_ids/' || u.id,
            case when n <= ${NOTIFICATIONS_PER_USER - 3} then now() end,
            now() - make_interval(hours => ${NOTIFICATIONS_PER_USER} - n)
     from generate_series(1, ${NOTIFICATIONS_PER_USER}) n, ${benchUsers} u
     order by n, u.id`,
  );

  await run(
    `insert into reviews (user_id, rating, text, created_at, updated_at)
     select u.id, 3 + u.id % 3, 'Fast and friendly service, my ID was ready within the hour. '
              || 'Deposits show up quickly too. Review ' || u.id || '.',
            now() - make_interval(mins => u.id), now() - make_interval(mins => u.id)
     from ${benchUsers} u order by u.id limit ${REVIEWS}`,
  );

  // Top-ups with their screenshots: a fifth still waits (the staff queue), the rest approved.
  // (Their look-alike fingerprints are not seeded: `npm run bench:lookalike` measures a deposit
  // against 100 000 stored ones.)
  await run(
    `insert into uploads (key, visibility, owner_id, content_type, byte_size, width, height)
     select md5('bench-proof-' || u.id || '-' || k) || '.jpg', 'private', u.id, 'image/jpeg', 100000,
            390, 844
     from ${benchUsers} u, generate_series(1, ${BILLS_PER_USER}) k`,
  );
  await run(
    `insert into bills (user_id, amount, payment_type_id, reference, proof_key, status, handled_at, created_at)
     select u.id, 50000 + (u.id % 7) * 10000,
            (select min(id) from payment_types where is_active),
            'UTR' || lpad((u.id * ${BILLS_PER_USER} + k)::text, 12, '0'),
            md5('bench-proof-' || u.id || '-' || k) || '.jpg',
            (case when (u.id + k) % 5 = 0 then 'pending' else 'approved' end)::approval_status,
            case when (u.id + k) % 5 = 0 then null else now() - make_interval(hours => k) end,
            now() - make_interval(hours => k + 1, mins => u.id % 60)
     from ${benchUsers} u, generate_series(1, ${BILLS_PER_USER}) k
     order by k, u.id`,
  );

  // Payouts of earlier days, paid: a shop's withdrawals table is never empty. Without them the
  // table's statistics said empty, and each connection's kept plan of a withdrawal's daily total
  // scanned every withdrawal the run had written (issue 19: PostgreSQL's CPU per call grew
  // through the row).
  await run(
    `insert into withdrawals (user_id, amount, method, upi_id, status, handled_at, created_at)
     select u.id, 20000 + (u.id % 5) * 10000, 'upi', 'bench' || u.id || '@okicici', 'approved',
            now() - make_interval(days => k, hours => -2), now() - make_interval(days => k, mins => u.id % 60)
     from ${benchUsers} u, generate_series(1, ${WITHDRAWALS_PER_USER}) k
     order by k desc, u.id`,
  );

  // Fresh statistics and visibility maps, as autovacuum keeps them on a database that grew over
  // time (without the maps a count reads every row's page instead of the index alone).
  await run('vacuum analyze');

  const recent = (
    await run(
      `select user_id as "userId", id
       from (select user_id, id, row_number() over (partition by user_id order by id desc) as rn
             from notifications where user_id in ${benchUsers}) s
       where rn = 1`,
    )
  ).rows as { userId: number; id: number }[];
  const recentByUser = new Map(recent.map((r) => [Number(r.userId), Number(r.id)]));
  const userRows = (await run(`select id, email from users where id in ${benchUsers} order by id`))
    .rows as { id: number; email: string }[];
  const users = userRows.map((u) => ({
    id: Number(u.id),
    email: u.email,
    token: `${tokenPrefix}${u.id}`,
    newestNotificationId: recentByUser.get(Number(u.id)) ?? 0,
  }));

  const rows: Record<string, number> = {};
  for (const table of [
    'users',
    'sessions',
    'user_ids',
    'id_requests',
    'transactions',
    'notifications',
    'reviews',
    'bills',
    'uploads',
    'withdrawals',
  ]) {
    const counted = (await run(`select count(*)::int as n from ${table}`)).rows as { n: number }[];
    rows[table] = Number(counted[0]?.n ?? 0);
  }
  return { users, rows, seconds: (performance.now() - started) / 1000 };
}
