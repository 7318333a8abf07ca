import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { issueChallenge } from '../src/modules/auth/second-factor';
import { ensureAdmin } from '../src/modules/users/bootstrap-admin';
import { killLeftovers, runEntry, scratchStore } from './helpers/processes';
import { createTestApp, post, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let database: Database;
beforeEach(async () => {
  ctx = await createTestApp();
  database = ctx.database;
});
afterEach(async () => {
  await ctx?.close();
});

const admin = { email: 'owner@example.com', name: 'Owner', phone: '+910000000001' };

describe('first admin', () => {
  it('is created once with a generated password, which must be replaced at the first sign-in; later starts create nothing', async () => {
    const first = await ensureAdmin(database.db, { ...admin, password: undefined });
    expect(first).toMatchObject({ created: true, email: admin.email });
    const generated = first.created ? first.generatedPassword : undefined;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // The generated password gives no token: a challenge for the new-password step.
    const login = await post(ctx.app, '/api/auth/login', {
      login: admin.email,
      password: generated,
    });
    expect(login.statusCode).toBe(200);
    const step = login.json().data;
    expect(step).toEqual({ password_change_required: true, challenge: expect.any(String) });
    expect(login.json().message).toBe('Choose a new password: this one was generated for the first sign-in.');
    // It is no second-factor challenge.
    const asCode = await post(ctx.app, '/api/auth/second_factor', { challenge: step.challenge, code: '123456' });
    expect(asCode.statusCode).toBe(422);
    // The generated password again, or a mistyped confirmation: refused, nothing changes.
    const same = await post(ctx.app, '/api/auth/new_password', {
      challenge: step.challenge,
      password: generated,
      password_confirmation: generated,
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.password).toEqual(['Choose a password other than the generated one.']);
    const mistyped = await post(ctx.app, '/api/auth/new_password', {
      challenge: step.challenge,
      password: 'the owner chose this one',
      password_confirmation: 'the owner chose this 0ne',
    });
    expect(mistyped.statusCode).toBe(422);

    const chosen = await post(ctx.app, '/api/auth/new_password', {
      challenge: step.challenge,
      password: 'the owner chose this one',
      password_confirmation: 'the owner chose this one',
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toEqual({ api_token: expect.any(String), type: 'admin' });
    const passport = await post(ctx.app, '/api/user/passport', undefined, chosen.json().data.api_token);
    expect(passport.statusCode).toBe(200);
    // The challenge was for one change; the generated password is gone; the chosen one signs in.
    const replay = await post(ctx.app, '/api/auth/new_password', {
      challenge: step.challenge,
      password: 'another choice altogether',
      password_confirmation: 'another choice altogether',
    });
    expect(replay.statusCode).toBe(422);
    expect((await post(ctx.app, '/api/auth/login', { login: admin.email, password: generated })).statusCode).toBe(422);
    const again = await post(ctx.app, '/api/auth/login', { login: admin.email, password: 'the owner chose this one' });
    expect(again.json().data).toEqual({ api_token: expect.any(String), type: 'admin' });

    expect(await ensureAdmin(database.db, { ...admin, password: undefined })).toEqual({
      created: false,
    });
    expect(await ensureAdmin(database.db, { ...admin, password: 'changed in env' })).toEqual({
      created: false,
    });
    const admins = await database.db.select().from(users).where(eq(users.type, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('uses ADMIN_PASSWORD when set and prints no password', async () => {
    const result = await ensureAdmin(database.db, { ...admin, password: 'from the environment' });
    expect(result).toEqual({ created: true, email: admin.email, generatedPassword: undefined });
    const login = await post(ctx.app, '/api/auth/login', {
      login: admin.email,
      password: 'from the environment',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toEqual({ api_token: expect.any(String), type: 'admin' });
  });

  it('a challenge opens the new-password step only while the password is a generated one', async () => {
    await ensureAdmin(database.db, { ...admin, password: 'from the environment' });
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
    // A live challenge of this account (as a second-factor sign-in gets one).
    const challenge = await issueChallenge(database.db, row!.id, new Date());
    const res = await post(ctx.app, '/api/auth/new_password', {
      challenge,
      password: 'someone else chose this',
      password_confirmation: 'someone else chose this',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['This sign-in has expired. Please sign in again.']);
  });
});

describe('the first start of a server process', () => {
  it('writes a generated password to a 0600 file in DATA_DIR and says where, never into the log', async () => {
    const store = await scratchStore();
    try {
      const server = runEntry('src/main.ts', {
        ...store.env,
        ...(store.databaseUrl ? { APP_KEY: randomBytes(32).toString('hex') } : {}),
        ADMIN_EMAIL: 'first@example.com',
      });
      await server.waitFor(/ID Desk is listening/);
      const file = join(store.dataDir, 'first-admin-password.txt');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = /^password: (\S+)$/m.exec(readFileSync(file, 'utf8'))?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(server.output()).toContain(file);
      expect(server.output()).not.toContain(password);
      expect(await server.stop()).toBe(0);
    } finally {
      killLeftovers();
      await store.drop();
    }
  }, 120_000);
});
