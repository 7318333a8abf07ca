import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('health', () => {
  it('GET /api/health answers ok after a database round trip', async () => {
    const res = await get(ctx.app, '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: null, data: { status: 'ok' } });
  });

  it('runs on the database the suite was asked for', () => {
    // The same files run on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL.
    expect(ctx.database.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});
