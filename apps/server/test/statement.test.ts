import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../src/db/schema';
import { createAdmin, registerUser, useTestApp } from './helpers/test-app';
import { deposit, userIdOf, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * Issue 56: a customer's own ledger filtered by kind and by days, their statement — the same
 * rows as CSV — and one movement for its receipt, with nobody else's rows in any. Runs on PGlite and, under
 * scripts/with-postgres.mjs, on PostgreSQL.
 */

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };

const ctx = useTestApp();

const read = (url: string, token?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

const kindsOf = async (token: string, query: string) => {
  const res = await read(`/api/transactions?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { kind: string }[]).map((row) => row.kind);
};

/** The statement's rows, header first, split into cells (no cell here holds a comma). */
const statement = async (token: string, query: string, headers: Record<string, string> = {}) => {
  const res = await read(`/api/transactions/export.csv?${query}`, token, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toContain('statement.csv');
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
};

async function customerWithHistory() {
  const admin = await createAdmin(ctx);
  const user = await registerUser(ctx.app);
  const userId = await userIdOf(ctx, user.email);
  await deposit(ctx.app, admin.token, userId, '1000.00');
  expect((await withdrawUpi(ctx.app, user.token, '100')).statusCode).toBe(200);
  expect((await withdrawUpi(ctx.app, user.token, '50')).statusCode).toBe(200);
  // The deposit was made on 1 March 2026 in Kolkata (the display time zone): 20:00 UTC on
  // 28 February is 1:30 am on 1 March there.
  await ctx.db
    .update(transactions)
    .set({ createdAt: new Date('2026-02-28T20:00:00Z') })
    .where(and(eq(transactions.userId, userId), eq(transactions.kind, 'admin_deposit')));
  return { admin, user, userId };
}

describe("a customer's ledger by kind and by day (issue 56)", () => {
  it('kind keeps one kind of movement; from/to keep the days, in the display time zone', async () => {
    const { user } = await customerWithHistory();
    // Someone else's rows never show.
    const other = await registerUser(ctx.app);
    await deposit(ctx.app, (await createAdmin(ctx)).token, await userIdOf(ctx, other.email), '10.00');

    expect(await kindsOf(user.token, '')).toEqual(['withdrawal', 'withdrawal', 'admin_deposit']);
    expect(await kindsOf(user.token, 'kind=withdrawal')).toEqual(['withdrawal', 'withdrawal']);
    expect(await kindsOf(user.token, 'kind=admin_deposit')).toEqual(['admin_deposit']);
    expect(await kindsOf(user.token, 'kind=add_funds')).toEqual([]);
    // 1 March in Kolkata holds the deposit; 28 February (its UTC day) does not.
    expect(await kindsOf(user.token, 'from=2026-03-01&to=2026-03-01')).toEqual(['admin_deposit']);
    expect(await kindsOf(user.token, 'to=2026-02-28')).toEqual([]);
    expect(await kindsOf(user.token, 'from=2026-03-02')).toEqual(['withdrawal', 'withdrawal']);
    expect(await kindsOf(user.token, 'from=2026-03-02&kind=admin_deposit')).toEqual([]);
    // Empty fields are no filter, as a form sends them.
    expect(await kindsOf(user.token, 'kind=&from=&to=')).toEqual(['withdrawal', 'withdrawal', 'admin_deposit']);
  });

  it('a kind or a day it does not know is a 422 on that field', async () => {
    const { user } = await customerWithHistory();
    for (const [query, field] of [
      ['kind=salary', 'kind'],
      ['from=01/03/2026', 'from'],
      ['to=2026-02-31x', 'to'],
    ] as const) {
      const res = await read(`/api/transactions?${query}`, user.token);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors ?? {})).toEqual([field]);
      expect((await read(`/api/transactions/export.csv?${query}`, user.token)).statusCode).toBe(422);
    }
  });

  it('the statement is the filtered rows as CSV, exact amounts, in the reader’s language, the caller’s only', async () => {
    const { user } = await customerWithHistory();
    const other = await registerUser(ctx.app);
    await deposit(ctx.app, (await createAdmin(ctx)).token, await userIdOf(ctx, other.email), '10.00');

    const all = await statement(user.token, '');
    expect(all[0]).toEqual(['id', 'created_at', 'kind', 'description', 'amount', 'status', 'balance_after', 'settled_at']);
    expect(all.slice(1).map((row) => [row[2], row[4], row[5]])).toEqual([
      ['withdrawal', '-50.00', 'pending'],
      ['withdrawal', '-100.00', 'pending'],
      ['admin_deposit', '1000.00', 'done'],
    ]);
    expect(all[3]![1]).toBe('2026-03-01 01:30:00');

    const withdrawals = await statement(user.token, 'kind=withdrawal&pending=1');
    expect(withdrawals.slice(1).map((row) => row[4])).toEqual(['-50.00', '-100.00']);
    const march = await statement(user.token, 'from=2026-03-01&to=2026-03-01');
    expect(march.slice(1).map((row) => row[3])).toEqual(['Deposit by admin: test funds']);
    const inHindi = await statement(user.token, 'from=2026-03-01&to=2026-03-01', HINDI);
    expect(inHindi.slice(1).map((row) => row[3])).toEqual(['एडमिन ने जमा किए: test funds']);
  });

  it('one movement, for its receipt: the caller’s own with its times; another user’s is 404', async () => {
    const { user } = await customerWithHistory();
    const [held, , credited] = (await read('/api/transactions', user.token)).json().data.items as { id: number }[];
    const pending = await read(`/api/transactions/${held!.id}`, user.token);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toMatchObject({ id: held!.id, status: 'pending', kind: 'withdrawal', settled_at: null });
    const done = (await read(`/api/transactions/${credited!.id}`, user.token)).json().data;
    expect(done).toMatchObject({ status: 'done', description: 'Deposit by admin: test funds' });
    expect(Date.parse(done.settled_at)).not.toBeNaN();
    expect((await read(`/api/transactions/${credited!.id}`, user.token, HINDI)).json().data.description).toBe('एडमिन ने जमा किए: test funds');

    const other = await registerUser(ctx.app);
    expect((await read(`/api/transactions/${held!.id}`, other.token)).statusCode).toBe(404);
    expect((await read('/api/transactions/2147483647', user.token)).statusCode).toBe(404);
    expect((await read(`/api/transactions/${held!.id}`)).statusCode).toBe(401);
  });

  it('a guest gets 401 for the statement', async () => {
    expect((await read('/api/transactions/export.csv')).statusCode).toBe(401);
  });
});
