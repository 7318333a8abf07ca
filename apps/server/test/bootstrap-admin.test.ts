import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { ensureAdmin } from '../src/modules/users/bootstrap-admin';
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
  it('is created once with a generated password, which then signs in; later starts create nothing', async () => {
    const first = await ensureAdmin(database.db, { ...admin, password: undefined });
    expect(first).toMatchObject({ created: true, email: admin.email });
    const generated = first.created ? first.generatedPassword : undefined;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const login = await post(ctx.app, '/api/auth/login', {
      login: admin.email,
      password: generated,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.type).toBe('admin');

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
  });
});
