import type { FastifyInstance } from 'fastify';
import { like, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { rateLimits } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { rateCountersFor } from '../src/lib/rate-counters';
import { putSetting, SETTING } from '../src/modules/settings';
import {
  createAdmin,
  expectErrorAnswer,
  newUserDetails,
  post,
  registerUser,
  testConfig,
  type TestContext,
  WIDE_MONEY_LIMITS,
} from './helpers/test-app';
import { openTestDatabase } from './helpers/test-database';
import { balanceOf, deposit, expectLedgerConsistent, userIdOf } from './helpers/wallet-fixtures';

/**
 * Two servers (two buildApp, each with its own pool, the same configuration and APP_KEY) on
 * one PostgreSQL database: every limit is one budget, whichever server a call reaches.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    'rate-limit-servers.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)',
  );
}

const LIMITS = {
  RATE_LIMIT_AUTH_MAX: '4',
  RATE_LIMIT_AUTH_WINDOW_SECONDS: '60',
  RATE_LIMIT_AUTH_ACCOUNT_MAX: '4',
  RATE_LIMIT_MONEY_MAX: '3',
  RATE_LIMIT_MONEY_IP_MAX: '5',
  RATE_LIMIT_MONEY_WINDOW_SECONDS: '60',
  RATE_LIMIT_RESET_EMAIL_MAX: '2',
};

let first: Database;
let second: Database;
let servers: [FastifyInstance, FastifyInstance];
/** Server A as the fixtures want it (they read its database handle). */
let ctxA: TestContext;

beforeAll(async () => {
  first = await openTestDatabase();
  const url = (first.db as unknown as { $client: pg.Pool }).$client.options
    .connectionString as string;
  second = await openPostgres(url);
  // The ₹10 withdrawals under test sit below the default money limits (rule 8): widen them.
  await putSetting(first.db, SETTING.moneyLimits, JSON.stringify(WIDE_MONEY_LIMITS));
  const config = testConfig(LIMITS);
  servers = [await buildApp({ db: first.db, config }), await buildApp({ db: second.db, config })];
  ctxA = { app: servers[0], db: first.db, database: first, config, close: async () => {} };
});
afterAll(async () => {
  await Promise.all(servers?.map((app) => app.close()) ?? []);
  await second?.close();
  await first?.close(); // drops the database
});

/** Server A, B, A, B, … */
const serverFor = (i: number) => servers[i % 2]!;
const from = (remoteAddress: string) => ({ remoteAddress });
/** A wrong password for `login` through server `i % 2`, from `address`. */
const wrongGuess = (i: number, login: string, address: string) =>
  post(serverFor(i), '/api/auth/login', { login, password: 'wrong guess' }, undefined, from(address));

/**
 * Fixtures sign up and sign in from an address of their own each time, so the low per-IP
 * limits under test only count the calls of the test itself. Each test makes a fresh admin: an
 * admin's deposits count against its own money limit.
 */
let fixtureIp = 0;
const fixtureAddress = () =>
  from(`10.99.${Math.floor(fixtureIp / 250)}.${(fixtureIp++ % 250) + 1}`);

describe('one budget across two servers on one PostgreSQL', () => {
  it('counters live in the shared table', () => {
    expect(rateCountersFor(first.db).where).toBe('postgres');
  });

  it('wrong passwords on one account, alternating servers and IPs: the 429 comes at RATE_LIMIT_AUTH_ACCOUNT_MAX, not twice that', async () => {
    const user = await registerUser(servers[0], {}, fixtureAddress());
    const attempt = (i: number) => wrongGuess(i, user.email, `10.20.0.${i}`);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(i)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);

    const blocked = await attempt(7);
    expectErrorAnswer(blocked, 429, 'Too many attempts. Please try again in 1 minute.', 'RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The counter is a row both servers wrote to.
    const rows = await first.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'account:login:%'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.points).toBe(7);
  });

  it('a burst of simultaneous guesses through both servers lets exactly RATE_LIMIT_AUTH_ACCOUNT_MAX through', async () => {
    const login = `burst-${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => wrongGuess(i, login, `10.27.0.${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12);
  });

  it('after the window, both servers take attempts again (the servers clock)', async () => {
    const login = `window-${Date.now()}@example.com`;
    const attempt = (i: number) => wrongGuess(i, login, `10.21.0.${i}`);
    for (let i = 0; i < 4; i += 1) expect((await attempt(i)).statusCode).toBe(422);
    expect((await attempt(4)).statusCode).toBe(429);
    expect((await attempt(5)).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect((await attempt(6)).statusCode).toBe(422);
      expect((await attempt(7)).statusCode).toBe(422);
    } finally {
      vi.useRealTimers();
    }
  });

  it('per IP: one address alternating servers meets RATE_LIMIT_AUTH_MAX once', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await post(
        serverFor(i),
        '/api/auth/register',
        newUserDetails(),
        undefined,
        from('10.22.0.1'),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('money: one account alternating servers is stopped at RATE_LIMIT_MONEY_MAX, and nothing is written past it', async () => {
    const user = await registerUser(servers[0], {}, fixtureAddress());
    const userId = await userIdOf(ctxA, user.email);
    const admin = await createAdmin(ctxA, fixtureAddress());
    await deposit(servers[1], admin.token, userId, '1000');
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post(
        serverFor(i),
        '/api/withdraw',
        { amount: '10', method: 'upi', upi_id: 'me@okicici' },
        user.token,
        from(`10.23.0.${i}`),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await balanceOf(ctxA, userId)).toBe(97_000n);
    await expectLedgerConsistent(ctxA);
  });

  it('money: one IP alternating servers is stopped at RATE_LIMIT_MONEY_IP_MAX', async () => {
    const ip = '10.24.0.1';
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await registerUser(servers[0], {}, fixtureAddress());
      const funder = await createAdmin(ctxA, fixtureAddress());
      await deposit(servers[0], funder.token, await userIdOf(ctxA, user.email), '100');
      for (let j = 0; j < 2; j += 1) {
        const res = await post(
          serverFor(i * 2 + j),
          '/api/withdraw',
          { amount: '10', method: 'upi', upi_id: 'me@okicici' },
          user.token,
          from(ip),
        );
        statuses.push(res.statusCode);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('reset mails: one address alternating servers gets RATE_LIMIT_RESET_EMAIL_MAX', async () => {
    const user = await registerUser(servers[0], {}, fixtureAddress());
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await post(
        serverFor(i),
        '/api/update/password/create',
        { email: user.email },
        undefined,
        from(`10.25.0.${i}`),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    const blocked = await post(
      servers[1],
      '/api/update/password/create',
      { email: user.email },
      undefined,
      from('10.25.1.1'),
    );
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/60 minutes/),
    });
  });
});

describe('when the database cannot be reached', () => {
  let gone: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    const url = (first.db as unknown as { $client: pg.Pool }).$client.options
      .connectionString as string;
    gone = await openPostgres(url);
    app = await buildApp({ db: gone.db, config: testConfig(LIMITS) });
    await gone.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a counter fails with the database error instead of letting the attempt through', async () => {
    const counter = rateCountersFor(gone.db).window('probe', { max: 5, windowMs: 60_000 });
    await expect(counter.hit('anyone')).rejects.toThrow(/pool/i);
    await expect(counter.enforce('anyone')).rejects.toThrow(/pool/i);
  });

  it('a limited call fails as a server error, never as an answer that skipped the count', async () => {
    const res = await post(
      app,
      '/api/auth/login',
      { login: 'x@example.com', password: 'wrong guess' },
      undefined,
      from('10.26.0.1'),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json()).toMatchObject({ data: null });
  });
});

describe('counters of one test database stay there', () => {
  it('another database starts with an empty table', async () => {
    const other = await openTestDatabase();
    try {
      const [row] = await other.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits);
      expect(row!.n).toBe(0);
      const [mine] = await first.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits);
      expect(mine!.n).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
