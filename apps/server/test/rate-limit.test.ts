import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../src/db/schema';
import { rateCountersFor } from '../src/lib/rate-counters';
import { countQueries } from './helpers/query-counter';
import { createAdmin, newUserDetails, post, registerUser, useTestApp, expectErrorAnswer } from './helpers/test-app';
import { balanceOf, deposit, expectLedgerConsistent, userIdOf } from './helpers/wallet-fixtures';

const ctx = useTestApp({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW_SECONDS: '60' });

const from = (remoteAddress: string) => ({ remoteAddress });

describe('rate limits', () => {
  it('login: the 4th attempt from one IP within the window gets 429 with the envelope', async () => {
    const attempt = () =>
      post(
        ctx.app,
        '/api/auth/login',
        { login: 'x@example.com', password: 'guess-guess' },
        undefined,
        from('10.0.0.1'),
      );
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(422);

    const limited = await attempt();
    expectErrorAnswer(limited, 429, expect.stringMatching(/^Too many attempts\. Please try again in .+\.$/), 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another client is not affected.
    const other = await post(
      ctx.app,
      '/api/auth/login',
      { login: 'x@example.com', password: 'guess-guess' },
      undefined,
      from('10.0.0.2'),
    );
    expect(other.statusCode).toBe(422);
  });

  it('register is limited per IP as well', async () => {
    const attempt = () =>
      post(ctx.app, '/api/auth/register', newUserDetails(), undefined, from('10.0.1.1'));
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('password change is limited; ordinary calls are not', async () => {
    const user = await registerUser(ctx.app);
    const change = () =>
      post(
        ctx.app,
        '/api/user/update/password',
        {
          current_password: 'wrong wrong',
          password: 'new password 1',
          password_confirmation: 'new password 1',
        },
        user.token,
        from('10.0.2.1'),
      );
    for (let i = 0; i < 3; i += 1) expect((await change()).statusCode).toBe(422);
    expect((await change()).statusCode).toBe(429);

    for (let i = 0; i < 6; i += 1) {
      const res = await post(
        ctx.app,
        '/api/user/passport',
        undefined,
        user.token,
        from('10.0.2.1'),
      );
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('rate limits per account, and on money-moving calls', () => {
  const limited = useTestApp({
    RATE_LIMIT_AUTH_ACCOUNT_MAX: '3',
    RATE_LIMIT_MONEY_MAX: '3',
    RATE_LIMIT_MONEY_IP_MAX: '5',
    RATE_LIMIT_MONEY_WINDOW_SECONDS: '60',
  });
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await createAdmin(limited)).token;
  });

  const loginFrom = (login: string, ip: string) =>
    post(limited.app, '/api/auth/login', { login, password: 'guess-guess' }, undefined, from(ip));

  it('login: guesses on one account from many IPs meet the per-account limit; unknown accounts alike', async () => {
    const user = await registerUser(limited.app);
    for (const login of [user.email, 'nobody-here@example.com']) {
      for (let i = 0; i < 3; i += 1) expect((await loginFrom(login, `10.1.0.${i + 1}`)).statusCode).toBe(422);
      const blocked = await loginFrom(login, '10.1.0.99');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', data: null, message: expect.stringMatching(/^Too many attempts/) });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The same account typed differently (case) is the same account.
    expect((await loginFrom(user.email.toUpperCase(), '10.1.0.100')).statusCode).toBe(429);
    // Other accounts are not affected.
    expect((await loginFrom('someone-else@example.com', '10.1.0.99')).statusCode).toBe(422);
  });

  it('issue 15 finding 2: email and phone share one budget, and guesses from many IPs do not keep the owner out', async () => {
    const details = newUserDetails();
    const home = '10.3.0.1';
    expect((await post(limited.app, '/api/auth/register', details, undefined, from(home))).statusCode).toBe(200);
    const guess = (login: string, ip: string) =>
      post(limited.app, '/api/auth/login', { login, password: 'guess-guess' }, undefined, from(ip));
    // Two guesses by email, one by phone: the account's budget of 3 is spent...
    expect((await guess(details.email, '10.3.1.1')).statusCode).toBe(422);
    expect((await guess(details.email, '10.3.1.2')).statusCode).toBe(422);
    expect((await guess(details.phone, '10.3.1.3')).statusCode).toBe(422);
    // ...so switching to the phone gains the attacker nothing.
    expect((await guess(details.phone, '10.3.1.4')).statusCode).toBe(429);
    expect((await guess(details.email, '10.3.1.5')).statusCode).toBe(429);
    // The owner, from an IP the account has signed in from, is let through, by email or phone.
    const owner = (login: string, ip: string) =>
      post(limited.app, '/api/auth/login', { login, password: details.password }, undefined, from(ip));
    expect((await owner(details.email, home)).statusCode).toBe(200);
    expect((await owner(details.phone, home)).statusCode).toBe(200);
    // A new IP is still under the spent budget.
    expect((await owner(details.email, '10.3.2.1')).statusCode).toBe(429);
  });

  it('register: repeated attempts on one email are limited whatever the IP', async () => {
    const details = newUserDetails();
    const attempt = (i: number) => post(limited.app, '/api/auth/register', details, undefined, from(`10.2.0.${i}`));
    expect((await attempt(1)).statusCode).toBe(200);
    expect((await attempt(2)).statusCode).toBe(422); // taken
    expect((await attempt(3)).statusCode).toBe(422);
    expect((await attempt(4)).statusCode).toBe(429);
  });

  it('money: a fourth withdrawal in the window from one account is 429 and writes nothing', async () => {
    const user = await registerUser(limited.app);
    const userId = await userIdOf(limited, user.email);
    await deposit(limited.app, adminToken, userId, '1000');
    const withdraw = (ip: string) =>
      post(limited.app, '/api/withdraw', { amount: '10', method: 'upi', upi_id: 'me@okicici' }, user.token, from(ip));
    for (let i = 0; i < 3; i += 1) expect((await withdraw(`10.3.0.${i}`)).statusCode).toBe(200);
    const blocked = await withdraw('10.3.0.50');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', data: null });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balanceOf(limited, userId)).toBe(97_000n);
    await expectLedgerConsistent(limited);
  });

  it('money: one IP is limited across accounts too', async () => {
    const ip = '10.4.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await registerUser(limited.app);
      // A fresh admin each time: the admin's own deposits count against its account limit.
      const funder = await createAdmin(limited);
      await deposit(limited.app, funder.token, await userIdOf(limited, user.email), '100');
      for (let j = 0; j < 2; j += 1) {
        const res = await post(limited.app, '/api/withdraw', { amount: '10', method: 'upi', upi_id: 'me@okicici' }, user.token, from(ip));
        statuses.push(res.statusCode);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await expectLedgerConsistent(limited);
  });

  it('money: a call counts its IP and its account in one statement, each route on its own IP counter', async () => {
    const user = await registerUser(limited.app);
    const funder = await createAdmin(limited);
    const userId = await userIdOf(limited, user.email);
    await deposit(limited.app, funder.token, userId, '100');
    const counter = countQueries(limited.database);
    const res = await post(limited.app, '/api/withdraw', { amount: '10', method: 'upi', upi_id: 'me@okicici' }, user.token, from('10.4.9.1'));
    expect(res.statusCode, res.body).toBe(200);
    const counted = counter.statements.filter((text) => /rate_limits/i.test(text));
    expect(counted, counter.statements.join('\n---\n')).toHaveLength(limited.database.driver === 'postgres' ? 1 : 0);
    if (limited.database.driver === 'postgres') {
      const rows = await limited.db.select().from(rateLimits).where(sql`${rateLimits.key} in ('ip:POST /api/withdraw:10.4.9.1', ${`money-account:${userId}`})`);
      expect(rows.map((row) => [row.key.split(':')[0], row.points]).sort()).toEqual([['ip', 1], ['money-account', 1]]);
    }
  });

  it('hitEach: a window counts each key, ends, and starts again at 1, on either store', async () => {
    const counters = rateCountersFor(limited.db);
    const first = counters.window(`test-a-${Date.now()}`, { max: 2, windowMs: 60_000 });
    const second = counters.window(`test-b-${Date.now()}`, { max: 5, windowMs: 120_000 });
    const both = () => counters.hitEach([[first, 'k'], [second, 'k']]);
    // The counters read the servers' clock (decision 015): move it, do not sleep.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      expect((await both()).map((hit) => [hit.count, hit.limited])).toEqual([[1, false], [1, false]]);
      await both();
      const third = await both();
      expect(third.map((hit) => [hit.count, hit.limited])).toEqual([[3, true], [3, false]]);
      expect(third[0]!.msBeforeReset).toBeGreaterThan(50_000);
      expect(third[0]!.msBeforeReset).toBeLessThanOrEqual(60_000);
      vi.setSystemTime(Date.now() + 61_000);
      expect((await both()).map((hit) => [hit.count, hit.limited])).toEqual([[1, false], [4, false]]);
    } finally {
      vi.useRealTimers();
    }
    await expect(counters.hitEach([[first, 'same'], [first, 'same']])).rejects.toThrow(/same key twice/);
  });

  it('hitEach: calls asked in one turn count each attempt once, in the order asked, in one statement', async () => {
    const counters = rateCountersFor(limited.db);
    const shared = counters.window(`test-shared-${Date.now()}`, { max: 4, windowMs: 60_000 });
    const own = counters.window(`test-own-${Date.now()}`, { max: 1, windowMs: 60_000 });
    const counter = countQueries(limited.database);
    // Six calls from one IP (a shared key), each with its own account, and a seventh on a key of its own twice.
    const asked = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => counters.hitEach([[shared, 'ip'], [own, `account-${i}`]])),
      counters.hitEach([[own, 'account-0']]),
    ]);
    expect(asked.slice(0, 6).map(([ip]) => [ip!.count, ip!.limited])).toEqual([
      [1, false], [2, false], [3, false], [4, false], [5, true], [6, true],
    ]);
    expect(asked.slice(0, 6).map(([, account]) => account!.count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(asked[6]!.map((hit) => [hit.count, hit.limited])).toEqual([[2, true]]);
    const counted = counter.statements.filter((text) => /rate_limits/i.test(text));
    expect(counted, counter.statements.join('\n---\n')).toHaveLength(limited.database.driver === 'postgres' ? 1 : 0);
    // The next turn counts on from there.
    expect((await counters.hitEach([[shared, 'ip']])).map((hit) => [hit.count, hit.limited])).toEqual([[7, true]]);
  });

  it('the counters live in PostgreSQL when the database is PostgreSQL, in memory on the embedded one', async () => {
    const [row] = await limited.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits);
    if (limited.database.driver === 'postgres') expect(row!.n).toBeGreaterThan(0);
    else expect(row!.n).toBe(0);
  });

  it('the counters write no WAL: their table is unlogged (migration 0017), the money tables are not', async () => {
    const rows = await limited.db.execute<{ relname: string; relpersistence: string }>(
      sql`select relname, relpersistence from pg_class where relname in ('rate_limits', 'transactions', 'withdrawals', 'users') order by relname`,
    );
    const persistence = Object.fromEntries(
      (rows as unknown as { rows: { relname: string; relpersistence: string }[] }).rows.map((r) => [r.relname, r.relpersistence]),
    );
    expect(persistence).toEqual({ rate_limits: 'u', transactions: 'p', users: 'p', withdrawals: 'p' });
  });
});
