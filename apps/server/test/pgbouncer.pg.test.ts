import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Pgbouncer, startPgbouncer } from '../../../scripts/lib/pgbouncer.mjs';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import type { Database } from '../src/db/types';
import { putSetting, SETTING } from '../src/modules/settings';
import { customerWith } from './helpers/ids-fixtures';
import { createAdmin, createStaffMember, post, postKeyed, testConfig, type TestContext, totpCode, WIDE_MONEY_LIMITS } from './helpers/test-app';
import { openTestDatabase } from './helpers/test-database';
import { addFunds, balanceOf, createUpiPaymentType, expectLedgerConsistent, patternImage, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * Issue 53 item 1: the server runs through PgBouncer 1.18 (Debian's) in transaction mode, the
 * pooler docs/operations.md describes. DATABASE_URL goes through it, DATABASE_LISTEN_URL (the
 * migrations' lock, LISTEN) straight to PostgreSQL. Three server connections for the pool's
 * ten, so every transaction may land on another server connection: a named prepared statement
 * or a session setting would fail here (the control below shows one failing).
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('pgbouncer.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');
}

let direct: Database;
let bouncer: Pgbouncer;
let pooled: Database;
let app: FastifyInstance;
let ctx: TestContext;

beforeAll(async () => {
  direct = await openTestDatabase();
  const url = (direct.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
  bouncer = await startPgbouncer({ serverUrl: url, settings: { default_pool_size: '3' } });
  pooled = await openPostgres(bouncer.urlFor(url), undefined, url);
  await putSetting(pooled.db, SETTING.moneyLimits, JSON.stringify(WIDE_MONEY_LIMITS));
  const config = testConfig();
  app = await buildApp({ db: pooled.db, config });
  ctx = { app, db: pooled.db, database: pooled, config, close: async () => {} };
});
afterAll(async () => {
  await app?.close();
  await pooled?.close();
  await bouncer?.stop();
  await direct?.close(); // drops the database
});

describe('through PgBouncer in transaction mode', () => {
  it('money calls and polls answer without a 500, and the money adds up', { timeout: 60_000 }, async () => {
    const admin = await createAdmin(ctx);
    const paymentType = await createUpiPaymentType(app, admin.token, 'Pooled Pay');
    const customers = await Promise.all(Array.from({ length: 4 }, () => customerWith(ctx, admin.token, '1000')));
    const answers = await Promise.all(
      customers.flatMap((user) => [
        withdrawUpi(app, user.token, '100'),
        postKeyed(app, '/api/withdraw', { amount: '50', method: 'upi', upi_id: 'me@okicici' }, user.token, randomUUID()),
        addFunds(app, user.token, paymentType.id, '250.00', undefined),
        post(app, '/api/user/passport', undefined, user.token),
        post(app, '/api/notifications/top', { id: 0 }, user.token),
      ]),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    // Staff decide: the bills credited, one withdrawal paid out, and a look-alike proof flagged.
    const bills = answers.filter((_res, i) => i % 5 === 2).map((res) => res.json().data.id as number);
    const decisions = await Promise.all([
      ...bills.map((id) => postKeyed(app, `/api/admin/bills/${id}/approve`, {}, admin.token, randomUUID())),
      post(app, `/api/admin/withdraw/${answers[0]!.json().data.id}/approve`, {}, admin.token),
      addFunds(app, customers[0]!.token, paymentType.id, '300.00', await patternImage(3)),
    ]);
    for (const res of decisions) expect(res.statusCode, res.body).toBe(200);
    for (const user of customers) {
      expect(await balanceOf(ctx, user.id)).toBe(110_000n);
      const passport = await post(app, '/api/user/passport', undefined, user.token);
      expect(passport.json().data.balance).toBe('1100.00');
      const top = await post(app, '/api/notifications/top', { id: 0 }, user.token);
      expect(top.statusCode).toBe(200);
      expect(top.json().data.length).toBeGreaterThan(0);
    }
    await expectLedgerConsistent(ctx);
    // The pool's connections are PgBouncer's clients, more of them than its server connections.
    const admin_ = new pg.Client({ connectionString: bouncer.adminUrl });
    await admin_.connect();
    try {
      const pools = (await admin_.query('SHOW POOLS')).rows as { database: string; pool_mode: string }[];
      const name = new URL(bouncer.urlFor((direct.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string)).pathname.slice(1);
      expect(pools.find((p) => p.database === name)?.pool_mode).toBe('transaction');
      const ofDatabase = async (command: string) =>
        ((await admin_.query(command)).rows as { database: string }[]).filter((row) => row.database === name);
      expect((await ofDatabase('SHOW CLIENTS')).length).toBeGreaterThan(3);
      expect((await ofDatabase('SHOW SERVERS')).length).toBeLessThanOrEqual(3);
    } finally {
      await admin_.end();
    }
  });

  it('wrong second-factor codes back off through it: the waits are the counters’ unnamed statements', async () => {
    const member = await createStaffMember(ctx, 'cashier', { secondFactor: true });
    const login = await post(app, '/api/auth/login', { login: member.email, password: member.password });
    expect(login.statusCode, login.body).toBe(200);
    const challenge = login.json().data.challenge as string;
    const near = [-30, 0, 30].map((s) => totpCode(member.secret!, new Date(Date.now() + s * 1000)));
    const code = ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(app, '/api/auth/second_factor', { challenge, code })).statusCode);
    // Five at once (counted in rate_limits), the fifth starts a 30-second wait, the sixth is refused.
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const refused = await post(app, '/api/auth/second_factor', { challenge, code: totpCode(member.secret!) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the statement timeout holds through the pooler: it is the role’s default in this database', async () => {
    const rows = ((await pooled.db.execute(sql`show statement_timeout`)) as unknown as { rows: { statement_timeout: string }[] }).rows;
    expect(rows[0]!.statement_timeout).toBe('30s');
  });

  it('control: a named prepared statement, which the server no longer sends, fails through it', async () => {
    const url = (direct.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    const narrow = await startPgbouncer({ serverUrl: url, settings: { default_pool_size: '1' } });
    const [a, b] = [new pg.Client(narrow.urlFor(url)), new pg.Client(narrow.urlFor(url))];
    try {
      await Promise.all([a.connect(), b.connect()]);
      const named = { name: 'touch_session', text: 'select $1::int as n', values: [1] };
      expect((await a.query(named)).rows).toEqual([{ n: 1 }]);
      // B's statement lands on the one server connection, where A's name is taken.
      await expect(b.query(named)).rejects.toThrow(/prepared statement .* already exists/);
    } finally {
      await Promise.all([a.end(), b.end()]);
      await narrow.stop();
    }
  });
});
