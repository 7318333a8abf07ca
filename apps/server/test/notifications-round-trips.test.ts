import { beforeAll, describe, expect, it } from 'vitest';
import { insertNotification } from '../src/modules/notifications/repository';
import { changeFeedSettled } from './helpers/change-feed';
import { countQueries, type QueryCounter } from './helpers/query-counter';
import { createAdmin, get, post, registerUser, useTestApp } from './helpers/test-app';
import { deposit, userIdOf } from './helpers/wallet-fixtures';

/**
 * The poll is the hot path of the whole system: every signed-in browser, every 5 seconds,
 * sends these two calls. Each must cost one database round trip, token check included.
 * Counted at the driver, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
 */

let counter: QueryCounter;
let user: { token: string; id: number };

const ctx = useTestApp();
beforeAll(async () => {
  const registered = await registerUser(ctx.app);
  user = { token: registered.token, id: await userIdOf(ctx, registered.email) };
  await ctx.db.transaction((tx) =>
    insertNotification(tx, { userId: user.id, title: 'One', body: 'First', link: '/transactions' }),
  );
  await ctx.db.transaction((tx) =>
    insertNotification(tx, { userId: user.id, title: 'Two', body: 'Second', link: null }),
  );
  counter = countQueries(ctx.database);
});

describe('one database round trip per poll call', () => {
  it('POST /notifications/top with new notifications: one statement', async () => {
    let res: Awaited<ReturnType<typeof post>> | undefined;
    const { count, statements } = await counter.measure(async () => {
      res = await post(ctx.app, '/api/notifications/top', { id: 0 }, user.token);
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json().data).toHaveLength(2);
    expect(count, statements.join('\n---\n')).toBe(1);
    // The one statement is the token check and the select together.
    expect(statements[0]).toMatch(/update "sessions"/i);
    expect(statements[0]).toMatch(/"notifications"/i);
  });

  it('POST /notifications/top with nothing new: one statement', async () => {
    // A caller this process has not seen yet: the first poll above has kept the other one.
    const fresh = await registerUser(ctx.app);
    const { count } = await counter.measure(async () => {
      const res = await post(ctx.app, '/api/notifications/top', { id: 1_000_000 }, fresh.token);
      expect(res.json().data).toEqual([]);
    });
    expect(count).toBe(1);
  });

  it('POST /notifications/top alone keeps the session: the next poll costs no statement, the next passport neither', async () => {
    // A server behind a balancer may get a customer's `top` polls and none of their other calls.
    const fresh = await registerUser(ctx.app);
    const first = await counter.measure(async () => {
      const res = await post(ctx.app, '/api/notifications/top', { id: 0 }, fresh.token);
      expect(res.statusCode).toBe(200);
    });
    expect(first.count).toBe(1);
    const next = await counter.measure(async () => {
      const top = await post(ctx.app, '/api/notifications/top', { id: 0 }, fresh.token);
      expect(top.json().data).toEqual([]);
      const passport = await post(ctx.app, '/api/user/passport', undefined, fresh.token);
      expect(passport.json().data.email).toBe(fresh.email);
    });
    expect(next.count, next.statements.join('\n---\n')).toBe(0);
  });

  it('POST /notifications/top with a bad token: the session and the blocked-token lookups, and 401; without one: none', async () => {
    const bad = await counter.measure(async () => {
      const res = await post(ctx.app, '/api/notifications/top', { id: 0 }, 'y'.repeat(43));
      expect(res.statusCode).toBe(401);
    });
    // The second tells a session ended by a block from an unknown one (issue 17, ACCOUNT_BLOCKED).
    expect(bad.count, bad.statements.join('\n---\n')).toBe(2);
    expect(bad.statements[1]).toMatch(/"blocked_session_tokens"/i);
    const none = await counter.measure(async () => {
      const res = await post(ctx.app, '/api/notifications/top', { id: 0 });
      expect(res.statusCode).toBe(401);
    });
    expect(none.count).toBe(0);
  });

  it('POST /user/passport: one statement', async () => {
    // A caller this process has not seen yet: `top` above has kept the other one.
    const fresh = await registerUser(ctx.app);
    const { count, statements } = await counter.measure(async () => {
      const res = await post(ctx.app, '/api/user/passport', undefined, fresh.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email).toBe(fresh.email);
    });
    expect(count, statements.join('\n---\n')).toBe(1);
  });

  it('once this process knows the session and that nothing is newer, the poll costs no statement', async () => {
    // Warm: the token check and the newest id are in memory now (caches/session-cache.ts).
    await post(ctx.app, '/api/user/passport', undefined, user.token);
    await post(ctx.app, '/api/notifications/top', { id: 2 }, user.token);
    const { count, statements } = await counter.measure(async () => {
      const passport = await post(ctx.app, '/api/user/passport', undefined, user.token);
      expect(passport.json().data.id).toBe(user.id);
      const top = await post(ctx.app, '/api/notifications/top', { id: 2 }, user.token);
      expect(top.json().data).toEqual([]);
    });
    expect(count, statements.join('\n---\n')).toBe(0);

    // A new notification empties the user's entry: the next poll reads it, in one statement.
    await ctx.db.transaction((tx) => insertNotification(tx, { userId: user.id, title: 'Three', body: 'Third', link: null }));
    // Written straight to the database: its signal comes back through the change feed.
    await changeFeedSettled(ctx);
    const after = await counter.measure(async () => {
      const top = await post(ctx.app, '/api/notifications/top', { id: 2 }, user.token);
      expect(top.json().data.map((n: { title: string }) => n.title)).toEqual(['Three']);
    });
    expect(after.count).toBe(1);
  });

  it('the counter sees more than one when a call makes more (it is not stuck at one)', async () => {
    const admin = await createAdmin(ctx);
    const { count } = await counter.measure(async () => {
      const res = await get(ctx.app, '/api/admin/stats', admin.token);
      expect(res.statusCode).toBe(200);
    });
    // Token check, then the counts in one statement.
    expect(count).toBe(2);
    // A page past the last has no row to carry its counts: they are read on their own.
    const list = await counter.measure(() => get(ctx.app, '/api/notifications?page=99', user.token));
    expect(list.count, list.statements.join('\n---\n')).toBe(2);
  });
});

// Last: the deposit's own NOTIFY comes back later on PostgreSQL and empties this process's
// caches again, which would add a token check to a count above.
describe('the passport from memory', () => {
  it('is the serialized answer, and a balance change shows at the next poll', async () => {
    const admin = await createAdmin(ctx);
    await changeFeedSettled(ctx);
    await post(ctx.app, '/api/user/passport', undefined, user.token);
    const first = await post(ctx.app, '/api/user/passport', undefined, user.token);
    let again = first;
    const { count } = await counter.measure(async () => {
      again = await post(ctx.app, '/api/user/passport', undefined, user.token);
    });
    expect(count).toBe(0);
    // The same bytes, typed as JSON, with the fields and the format of the schema.
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    const before = again.json().data;
    expect(before).toMatchObject({ id: user.id, type: 'user', second_factor_enrolment_required: false });
    expect(before.balance).toMatch(/^\d+\.\d{2}$/);

    await deposit(ctx.app, admin.token, user.id, '12.34');
    const after = (await post(ctx.app, '/api/user/passport', undefined, user.token)).json().data;
    expect(Math.round(Number(after.balance) * 100) - Math.round(Number(before.balance) * 100)).toBe(1234);
    expect({ ...after, balance: before.balance }).toEqual(before);
  });
});
