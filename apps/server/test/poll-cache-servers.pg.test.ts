import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, runEntry, type RunningProcess, scratchStore, type ScratchStore } from './helpers/processes';
import { newUserDetails } from './helpers/test-app';
import { pollUntil } from './helpers/poll-until';
import { CHANGE_FEED_APPLICATION } from '../src/db/change-feed';

/**
 * Issue 19: two real server processes on one PostgreSQL, each answering the poll from its own
 * memory. What one server (or any writer of the database) changes reaches the other through
 * the triggers' NOTIFY; a lost LISTEN connection empties the caches.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('poll-cache-servers.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');
}

let store: ScratchStore;
let admin: pg.Client;
const servers: { process: RunningProcess; base: string }[] = [];

async function startServer(env: Record<string, string>) {
  const server = runEntry('src/main.ts', env);
  await server.waitFor(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())![1];
  return { process: server, base: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  store = await scratchStore();
  // Every test signs its customers up on server 0: more than the default ten a minute.
  const env = { ...store.env, APP_KEY: randomBytes(32).toString('hex'), RATE_LIMIT_AUTH_MAX: '100' };
  // One at a time: the first migrates and records the key's fingerprint.
  servers.push(await startServer(env));
  servers.push(await startServer(env));
  admin = new pg.Client({ connectionString: store.databaseUrl });
  await admin.connect();
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await Promise.all(servers.map((s) => s.process.stop()));
  killLeftovers();
  await store?.drop();
});

async function call(server: number, path: string, token?: string, body: unknown = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${servers[server]!.base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> | null } };
}

async function signUp(): Promise<{ token: string; id: number; email: string; password: string }> {
  const details = newUserDetails();
  const res = await call(0, '/auth/register', undefined, details);
  expect(res.status).toBe(200);
  const token = res.body.data!.api_token as string;
  const me = await call(0, '/user/passport', token);
  return { token, id: me.body.data!.id as number, email: details.email, password: details.password };
}

/** Both servers have answered the poll for `token` from the database once, and keep it. */
async function warm(token: string) {
  for (const server of [0, 1]) {
    expect((await call(server, '/user/passport', token)).status).toBe(200);
    expect((await call(server, '/notifications/top', token, { id: 0 })).status).toBe(200);
  }
}

/**
 * Polls `server` until `done` holds. The bound is one second; the caches have no
 * time-to-live, so only the NOTIFY can change the answer, and the wait is generous (see
 * helpers/poll-until.ts) with the time it took printed.
 */
function within1s(server: number, path: string, token: string, done: (r: Awaited<ReturnType<typeof call>>) => boolean) {
  const body = path === '/notifications/top' ? { id: 0 } : {};
  return pollUntil(() => call(server, path, token, body), done, { label: `server ${server} ${path}` });
}

/** A write no trigger sees (replica mode): only memory can still answer the old value. */
async function silentBalance(userId: number, minorUnits: number) {
  await admin.query('begin');
  await admin.query('set local session_replication_role = replica');
  await admin.query('update users set balance = $1 where id = $2', [minorUnits, userId]);
  await admin.query('commit');
}

async function listenerPids(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
    [CHANGE_FEED_APPLICATION],
  );
  return rows.map((r) => r.pid).sort();
}

describe('the poll cache across two server processes on one PostgreSQL', () => {
  it('answers from memory: a change no trigger announces is not seen', async () => {
    const user = await signUp();
    await warm(user.token);
    await silentBalance(user.id, 12_345);
    for (const server of [0, 1]) {
      expect((await call(server, '/user/passport', user.token)).body.data!.balance).toBe('0.00');
    }
    // Any write through the trigger (here, the database itself) empties it on both.
    await admin.query('update users set balance = balance where id = $1', [user.id]);
    for (const server of [0, 1]) {
      const res = await within1s(server, '/user/passport', user.token, (r) => r.body.data?.balance === '123.45');
      expect(res.body.data!.balance).toBe('123.45');
    }
  });

  it('the users trigger says b: for a change of the balance alone, u: for any other', async () => {
    const user = await signUp();
    const listener = new pg.Client({ connectionString: store.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => {
      if (message.payload?.endsWith(`:${user.id}`)) heard.push(message.payload);
    });
    try {
      await listener.query('LISTEN iddesk_cache');
      await admin.query('update users set balance = balance + 100 where id = $1', [user.id]);
      await admin.query('update users set balance = balance + 100, is_blocked = is_blocked where id = $1', [user.id]);
      await admin.query("update users set name = 'Renamed by the trigger test' where id = $1", [user.id]);
      await admin.query('update users set balance = balance - 100, locale = $2 where id = $1', [user.id, 'hi']);
      await pollUntil(async () => heard.length, (n) => n === 4, { label: 'four signals' });
      expect(heard).toEqual([`b:${user.id}`, `b:${user.id}`, `u:${user.id}`, `u:${user.id}`]);
    } finally {
      await listener.end();
    }
  });

  it('a balance change shows at the next poll on the other server', async () => {
    const user = await signUp();
    await warm(user.token);
    await admin.query('update users set balance = balance + 5000 where id = $1', [user.id]);
    const res = await within1s(1, '/user/passport', user.token, (r) => r.body.data?.balance === '50.00');
    expect(res.body.data!.balance).toBe('50.00');
  });

  // Its balance signal is the users trigger's NOTIFY, with or without a key (decision 034).
  it.each<{ how: string; key: Record<string, string>; amount: string; left: string }>([
    { how: 'money call', key: {}, amount: '200.00', left: '300.00' },
    { how: 'keyed withdrawal', key: { 'idempotency-key': randomUUID() }, amount: '150.00', left: '350.00' },
  ])("a server's own $how shows at the next poll on the other", async ({ key, amount, left }) => {
    const user = await signUp();
    await admin.query('update users set balance = balance + 50000 where id = $1', [user.id]);
    await within1s(0, '/user/passport', user.token, (r) => r.body.data?.balance === '500.00');
    await within1s(1, '/user/passport', user.token, (r) => r.body.data?.balance === '500.00');
    await warm(user.token);
    const withdrawn = await call(0, '/withdraw', user.token, { amount, method: 'upi', upi_id: 'me@okicici' }, key);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const res = await within1s(1, '/user/passport', user.token, (r) => r.body.data?.balance === left);
    expect(res.body.data!.balance).toBe(left);
  });

  it('a new notification shows at the next poll on the other server', async () => {
    const user = await signUp();
    await warm(user.token);
    await admin.query("insert into notifications (user_id, title, body) values ($1, 'Hello', 'World')", [user.id]);
    const res = await within1s(1, '/notifications/top', user.token, (r) => Array.isArray(r.body.data) && r.body.data.length === 1);
    expect(res.body.data).toEqual([expect.objectContaining({ title: 'Hello' })]);
  });

  it('logout on one server: the token stops working on the other within 1 s', async () => {
    const user = await signUp();
    await warm(user.token);
    expect((await call(0, '/auth/logout', user.token)).status).toBe(200);
    for (const path of ['/user/passport', '/notifications/top']) {
      expect((await within1s(1, path, user.token, (r) => r.status === 401)).status).toBe(401);
    }
  });

  it('a block and a password change end the sessions on every server within 1 s', async () => {
    const blocked = await signUp();
    await warm(blocked.token);
    await admin.query('update users set is_blocked = true where id = $1', [blocked.id]);
    for (const server of [0, 1]) {
      expect((await within1s(server, '/user/passport', blocked.token, (r) => r.status === 401)).status).toBe(401);
    }

    const user = await signUp();
    const second = (await call(1, '/auth/login', undefined, { login: user.email, password: user.password })).body.data!
      .api_token as string;
    await warm(second);
    const changed = await call(0, '/user/update/password', user.token, {
      current_password: user.password,
      password: 'another long password 1',
      password_confirmation: 'another long password 1',
    });
    expect(changed.status).toBe(200);
    expect((await within1s(1, '/user/passport', second, (r) => r.status === 401)).status).toBe(401);
    expect((await call(0, '/user/passport', user.token)).status).toBe(200);
  });

  it('a lost LISTEN connection empties the caches; the servers reconnect', async () => {
    const user = await signUp();
    await warm(user.token);
    await silentBalance(user.id, 777);
    expect((await call(1, '/user/passport', user.token)).body.data!.balance).toBe('0.00');

    const before = await listenerPids();
    expect(before).toHaveLength(2);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    // Both servers are listening again, on new connections.
    let after: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      after = await listenerPids();
      if (after.length === 2 && after.every((pid) => !before.includes(pid))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(after).toHaveLength(2);
    for (const server of [0, 1]) {
      expect((await call(server, '/user/passport', user.token)).body.data!.balance).toBe('7.77');
    }
  });

  it('a staff queue is read from the database on every call: a payout shows on both servers at once, even one no trigger announces', async () => {
    const staff = await signUp();
    await admin.query("update users set type = 'admin', role = 'owner' where id = $1", [staff.id]);
    const customer = await signUp();
    const queueTotal = async (server: number) => {
      const res = await fetch(`${servers[server]!.base}/api/admin/withdraw?pending=1`, {
        headers: { accept: 'application/json', authorization: `Bearer ${staff.token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { total: number } }).data.total;
    };
    // The staff member's new role reaches both servers first (the users trigger).
    for (const server of [0, 1]) {
      await pollUntil(() => queueTotal(server).catch(() => -1), (total) => total >= 0, { label: `staff on server ${server}` });
    }
    const before = await queueTotal(0);
    await admin.query('begin');
    await admin.query('set local session_replication_role = replica');
    await admin.query("insert into withdrawals (user_id, amount, method, upi_id) values ($1, 1000, 'upi', 'me@okicici')", [customer.id]);
    await admin.query('commit');
    for (const server of [0, 1]) expect(await queueTotal(server)).toBe(before + 1);
  });
});
