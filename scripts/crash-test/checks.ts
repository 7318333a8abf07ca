// The database side of the crash test: read every money table straight from PostgreSQL (pg)
// or from the PGlite data dir (once the server has let go of it), and compare it with what
// the acknowledged answers say, row for row, then check the ledger invariant of
// apps/server/src/modules/ledger/invariant.ts (balance = sum of counting rows, never negative).
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { formatMinor } from './http';
import { describe, type Item, type ItemKind, type World } from './world';

type Row = Record<string, string | number | null>;
export type Query = (text: string) => Promise<Row[]>;

/** PostgreSQL: the server may be running; the check only reads. */
export async function withPostgres<T>(url: string, work: (q: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows as Row[]);
  } finally {
    await client.end();
  }
}

/**
 * PGlite: one process at a time. The server must be gone; we hold the data dir's lock file
 * (the server's own `server.lock`, with our pid) while reading, so a server started meanwhile
 * would refuse to open it.
 */
export async function withPglite<T>(dataDir: string, work: (q: Query) => Promise<T>): Promise<T> {
  const lockPath = join(dataDir, 'server.lock');
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o644);
  } catch {
    const holder = readFileSync(lockPath, 'utf8').trim();
    throw new Error(
      `the data dir is locked by pid ${holder}: the server still holds it (${lockPath})`,
    );
  }
  writeSync(fd, `${process.pid}\n`);
  closeSync(fd);
  try {
    const db = await PGlite.create({ dataDir: join(dataDir, 'db') });
    try {
      return await work(async (text) => (await db.query<Row>(text)).rows);
    } finally {
      await db.close();
    }
  } finally {
    unlinkSync(lockPath);
  }
}

const STATUS_OF_ROW: Record<string, string> = {
  pending: 'pending',
  approved: 'done',
  rejected: 'rejected',
  done: 'done',
};
const TX_KIND: Record<Exclude<ItemKind, 'manual'>, string> = {
  bill: 'add_funds',
  withdrawal: 'withdrawal',
  user_id: 'id_create',
  request: 'id_deposit',
};

export type DbReport = { violations: string[]; users: number; rows: number };

/** Compare every money table with the model; returns what does not match. */
export async function checkDatabase(q: Query, world: World): Promise<DbReport> {
  const violations: string[] = [];
  const tables: Record<Exclude<ItemKind, 'manual'>, Row[]> = {
    bill: await q(`select id, user_id, amount::text as amount, status::text as status from bills`),
    withdrawal: await q(
      `select id, user_id, amount::text as amount, status::text as status from withdrawals`,
    ),
    // A user ID's amount lives in its create request.
    user_id: await q(
      `select u.id, u.user_id, r.amount::text as amount,
              case u.status::text when 'active' then 'approved' else u.status::text end as status,
              r.status::text as request_status,
              (select count(*)::int from id_requests c where c.user_id_id = u.id and c.type = 'create') as creates
         from user_ids u left join id_requests r on r.user_id_id = u.id and r.type = 'create'`,
    ),
    request: await q(
      `select id, user_id, amount::text as amount, status::text as status, type::text as type
         from id_requests where type <> 'create'`,
    ),
  };
  const ledger = await q(
    `select id, user_id, amount::text as amount, status::text as status, kind::text as kind,
            cause_type::text as cause_type, cause_id from transactions`,
  );
  let rows = ledger.length;

  const model = (kind: ItemKind) => [...world.items.values()].filter((i) => i.kind === kind);
  /** Which operations asked for this amount (a row no answer acknowledged). */
  const suspects = (user: number, amount: bigint) => {
    const ops = world.ops.filter(
      (o) => !o.target && o.user === user && (o.amount === amount || o.amount === -amount),
    );
    return ops.length
      ? ` — the amount of ${ops.map((o) => `${describe(o)}, outcome ${outcomeOf(o)}`).join('; ')}`
      : '';
  };

  for (const kind of ['bill', 'withdrawal', 'user_id', 'request'] as const) {
    const byId = new Map(tables[kind].map((r) => [Number(r.id), r]));
    rows += byId.size;
    for (const item of model(kind)) {
      const row = byId.get(item.id);
      byId.delete(item.id);
      if (!row) {
        violations.push(
          `${label(item)}, acknowledged by op ${item.op}, is missing from the database`,
        );
        continue;
      }
      const found = {
        user: Number(row.user_id),
        amount: money(row.amount),
        status: String(row.status),
      };
      const want = { user: item.user, amount: formatMinor(item.amount), status: item.status };
      if (
        found.user !== want.user ||
        found.amount !== want.amount ||
        found.status !== want.status
      ) {
        violations.push(
          `${label(item)}: the database has ${JSON.stringify(found)}, the acknowledged answers say ${JSON.stringify(want)}`,
        );
      }
      if (
        kind === 'user_id' &&
        (Number(row.creates) !== 1 ||
          row.request_status !== (item.status === 'approved' ? 'approved' : item.status))
      ) {
        violations.push(
          `${label(item)}: ${String(row.creates)} create requests, status ${String(row.request_status)}`,
        );
      }
      if (kind === 'request' && row.type !== 'deposit')
        violations.push(`${label(item)}: type ${String(row.type)}, not deposit`);
    }
    for (const row of byId.values()) {
      const amount = row.amount === null ? 0n : BigInt(String(row.amount));
      violations.push(
        `${kind} #${String(row.id)} (user ${String(row.user_id)}, ${money(row.amount)}, ${String(row.status)}) ` +
          `is in the database but no acknowledged answer or retry created it${suspects(Number(row.user_id), amount)}`,
      );
    }
  }

  // One ledger row per bill, withdrawal, user ID and deposit, in the state its item is in; the
  // manual changes by transaction id; nothing else.
  const byCause = new Map(
    ledger.map((r) => [
      `${String(r.cause_type)}:${String(r.cause_type === 'manual' ? r.id : r.cause_id)}`,
      r,
    ]),
  );
  for (const item of world.items.values()) {
    const key = `${item.kind}:${item.id}`;
    const row = byCause.get(key);
    byCause.delete(key);
    if (!row) {
      violations.push(`${label(item)} has no ledger row`);
      continue;
    }
    const signed = item.kind === 'bill' || item.kind === 'manual' ? item.amount : -item.amount;
    const wantKind =
      item.kind === 'manual'
        ? item.amount > 0n
          ? 'admin_deposit'
          : 'admin_withdrawal'
        : TX_KIND[item.kind];
    const found = {
      amount: money(row.amount),
      status: String(row.status),
      kind: String(row.kind),
      user: Number(row.user_id),
    };
    const want = {
      amount: formatMinor(signed),
      status: STATUS_OF_ROW[item.status]!,
      kind: wantKind,
      user: item.user,
    };
    if (
      found.amount !== want.amount ||
      found.status !== want.status ||
      found.kind !== want.kind ||
      found.user !== want.user
    ) {
      violations.push(
        `${label(item)}: ledger row #${String(row.id)} is ${JSON.stringify(found)}, expected ${JSON.stringify(want)}`,
      );
    }
  }
  for (const row of byCause.values()) {
    const amount = BigInt(String(row.amount));
    violations.push(
      `ledger row #${String(row.id)} (${String(row.kind)} ${formatMinor(amount)} ${String(row.status)}, user ${String(row.user_id)}, ` +
        `cause ${String(row.cause_type)} ${String(row.cause_id)}) belongs to no acknowledged operation${suspects(Number(row.user_id), amount)}`,
    );
  }

  // Money rules 1 and 2, the SQL of ledgerChecks(): balance = counting rows (done rows and
  // pending debits, i.e. holds), and never negative. Then the balance the answers imply.
  const invariant = await q(
    `select u.id, u.balance::text as balance,
            coalesce(sum(t.amount) filter (where t.status = 'done' or (t.status = 'pending' and t.amount < 0)), 0)::text as counted
       from users u left join transactions t on t.user_id = u.id
      group by u.id order by u.id`,
  );
  const expected = world.expectedBalances();
  for (const r of invariant) {
    const balance = BigInt(String(r.balance));
    const counted = BigInt(String(r.counted));
    const user = Number(r.id);
    if (balance !== counted)
      violations.push(
        `ledger invariant: user ${user} has balance ${formatMinor(balance)} but its counting rows sum to ${formatMinor(counted)}`,
      );
    if (balance < 0n)
      violations.push(
        `ledger invariant: user ${user} has a negative balance ${formatMinor(balance)}`,
      );
    const want = expected.get(user);
    if (want === undefined)
      violations.push(`user ${user} is in the database but the test never created it`);
    else if (want !== balance) {
      violations.push(
        `user ${user}: balance ${formatMinor(balance)}, the acknowledged operations make it ${formatMinor(want)}`,
      );
    }
  }
  return { violations, users: invariant.length, rows };
}

/** A minor-units column as the wire writes it. */
function money(value: Row[string] | undefined): string {
  return value === null || value === undefined ? 'no amount' : formatMinor(BigInt(String(value)));
}

function label(item: Item): string {
  return `${item.kind} #${item.id} (user ${item.user}, ${formatMinor(item.amount)})`;
}

function outcomeOf(op: World['ops'][number]): string {
  const o = op.outcome;
  if (!o) return 'not answered';
  if (o.type === 'no-answer') return `no answer (${o.error})`;
  return `${o.answer.status}${o.retried ? ' on retry' : ''}${o.answer.replayed ? ' (replayed)' : ''}`;
}
