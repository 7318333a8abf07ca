import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { setBlocked } from '../src/modules/users/service';
import { changeFeedSettled } from './helpers/change-feed';
import { createAdmin, get, post, registerUser, useTestApp, expectErrorAnswer } from './helpers/test-app';

const ctx = useTestApp();

async function userIdOf(email: string): Promise<number> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A new user whose session was last used `idle` ago (an SQL interval), then makes one call. */
async function callAfterIdle(idle: string) {
  const user = await registerUser(ctx.app);
  const id = await userIdOf(user.email);
  await ctx.db
    .update(sessions)
    .set({ lastUsedAt: sql`now() - ${idle}::interval` })
    .where(eq(sessions.userId, id));
  await post(ctx.app, '/api/user/passport', undefined, user.token);
  return { user, id };
}

describe('blocked users and dead sessions', () => {
  it("issue 17: a blocked user's token gives 401 ACCOUNT_BLOCKED everywhere and user/exists says why", async () => {
    const user = await registerUser(ctx.app);
    expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).statusCode).toBe(200);

    await setBlocked(ctx.db, await userIdOf(user.email), true);
    // Blocked straight through the service: its signal comes back through the change feed.
    await changeFeedSettled(ctx);

    for (const url of ['/api/user/passport', '/api/user/update', '/api/auth/logout', '/api/notifications/top']) {
      const res = await post(ctx.app, url, url.endsWith('top') ? { id: 0 } : undefined, user.token);
      expectErrorAnswer(res, 401, 'Your account has been blocked. Contact support.', 'ACCOUNT_BLOCKED', url);
    }
    const exists = await post(ctx.app, '/api/user/exists', undefined, user.token);
    expect(exists.statusCode).toBe(200);
    expect(exists.json()).toEqual({ message: null, data: { status: false, blocked: true } });
  });

  it('issue 17: after an unblock the old token is a plain 401, and an unknown one never says blocked', async () => {
    const admin = await createAdmin(ctx);
    const user = await registerUser(ctx.app);
    const id = await userIdOf(user.email);
    await get(ctx.app, `/api/admin/users/${id}/block`, admin.token);
    expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).json().code).toBe('ACCOUNT_BLOCKED');
    await get(ctx.app, `/api/admin/users/${id}/unblock`, admin.token);
    const after = await post(ctx.app, '/api/user/passport', undefined, user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
    expect((await post(ctx.app, '/api/user/exists', undefined, user.token)).json().data).toEqual({
      status: false,
    });
    const stranger = await post(ctx.app, '/api/user/passport', undefined, 'x'.repeat(43));
    expect(stranger.json().code).toBe('UNAUTHENTICATED');
  });

  it('a blocked user cannot log in, and is told so only with the right password', async () => {
    const user = await registerUser(ctx.app);
    await setBlocked(ctx.db, await userIdOf(user.email), true);

    const right = await post(ctx.app, '/api/auth/login', {
      login: user.email,
      password: user.password,
    });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.login).toEqual(['Your account has been blocked. Contact support.']);

    const wrong = await post(ctx.app, '/api/auth/login', {
      login: user.email,
      password: 'wrong password',
    });
    expect(wrong.json().errors.login).toEqual(['These credentials do not match our records.']);
  });

  it('issue 15 finding 3: block then unblock, the old token stays dead; a new sign-in works', async () => {
    const admin = await createAdmin(ctx);
    const user = await registerUser(ctx.app);
    const second = await post(ctx.app, '/api/auth/login', { login: user.email, password: user.password });
    const id = await userIdOf(user.email);
    expect((await get(ctx.app, `/api/admin/users/${id}/block`, admin.token)).statusCode).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await get(ctx.app, `/api/admin/users/${id}/unblock`, admin.token)).statusCode).toBe(200);
    for (const token of [user.token, second.json().data.api_token as string]) {
      expect((await post(ctx.app, '/api/user/passport', undefined, token)).statusCode).toBe(401);
    }
    const again = await post(ctx.app, '/api/auth/login', { login: user.email, password: user.password });
    expect(again.statusCode).toBe(200);
    expect((await post(ctx.app, '/api/user/passport', undefined, again.json().data.api_token)).statusCode).toBe(200);
  });

  it('blocking through the users service ends the sessions too', async () => {
    const user = await registerUser(ctx.app);
    const id = await userIdOf(user.email);
    await setBlocked(ctx.db, id, true);
    await setBlocked(ctx.db, id, false);
    await changeFeedSettled(ctx);
    expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).statusCode).toBe(401);
  });

  it('a deleted account answers user/exists false', async () => {
    const user = await registerUser(ctx.app);
    await ctx.db.delete(users).where(eq(users.email, user.email));
    expect((await post(ctx.app, '/api/user/exists', undefined, user.token)).json().data).toEqual({
      status: false,
    });
  });

  it('a session idle for longer than SESSION_IDLE_DAYS, or past its absolute expiry, is refused', async () => {
    const idle = await registerUser(ctx.app);
    const old = await registerUser(ctx.app);
    const idleDays = ctx.config.session.idleDays;
    await ctx.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - make_interval(days => ${idleDays + 1})` })
      .where(eq(sessions.userId, await userIdOf(idle.email)));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, await userIdOf(old.email)));

    expect((await post(ctx.app, '/api/user/passport', undefined, idle.token)).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/user/passport', undefined, old.token)).statusCode).toBe(401);
  });

  it('an authenticated call bumps a stale last_used_at, and only the token hash is stored', async () => {
    const { user, id } = await callAfterIdle('1 day');
    const [row] = await ctx.db
      .select({
        fresh: sql<boolean>`${sessions.lastUsedAt} > now() - interval '1 minute'`,
        tokenHash: sessions.tokenHash,
      })
      .from(sessions)
      .where(eq(sessions.userId, id));
    expect(row!.fresh).toBe(true);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(user.token);
  });

  it('a call within five minutes of the last use leaves the session row alone (polls read only)', async () => {
    const { id } = await callAfterIdle('2 minutes');
    const [row] = await ctx.db
      .select({ untouched: sql<boolean>`${sessions.lastUsedAt} < now() - interval '1 minute'` })
      .from(sessions)
      .where(eq(sessions.userId, id));
    expect(row!.untouched).toBe(true);
  });
});
