import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { insertSession, touchSession } from '../src/modules/auth/repository';
import { topForToken } from '../src/modules/notifications/repository';
import { insertUser, publicUserColumns } from '../src/modules/users/repository';
import { openTestDatabase } from './helpers/test-database';

/**
 * The token check and the poll, each one statement (their session part as CTEs), on PGlite
 * and, with TEST_DATABASE_URL, PostgreSQL: the caller comes whole, as Drizzle maps the user's
 * columns, and the poll answers what is newer than the id.
 */
let database: Database;
let userId: number;
const tokenHash = 'a'.repeat(64);

beforeAll(async () => {
  database = await openTestDatabase();
  const user = await insertUser(database.db, {
    name: 'Statement Tester',
    email: 'statements@example.com',
    phone: '+919800000001',
    passwordHash: 'x',
  });
  userId = user.id;
  await database.db.update(users).set({ balance: 123456789012n }).where(eq(users.id, userId));
  await insertSession(database.db, { userId, tokenHash, maxDays: 30 });
});
afterAll(async () => {
  await database?.close();
});

describe('the token check and the poll', () => {
  it('the token check answers the session and its user as Drizzle maps the same columns', async () => {
    const [expected] = await database.db
      .select(publicUserColumns)
      .from(users)
      .where(eq(users.id, userId));
    for (let i = 0; i < 3; i++) {
      const row = await touchSession(database.db, tokenHash, 30);
      expect(row).toEqual({
        sessionId: expect.any(Number),
        // How long the session cache may keep the answer (caches/session-cache.ts).
        expiresAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
        ...expected,
      });
    }
    expect(await touchSession(database.db, 'b'.repeat(64), 30)).toBeNull();
  });

  it('the poll answers what is newer than the id, newest first, at most the limit', async () => {
    await database.db.execute(
      sql`insert into notifications (user_id, title, body) select ${userId}, 'N' || i, 'b' from generate_series(1, 5) as i`,
    );
    const all = await topForToken(database.db, { tokenHash, idleDays: 30, afterId: 0, limit: 50 });
    const ids = all!.items.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const newer = await topForToken(database.db, {
      tokenHash,
      idleDays: 30,
      afterId: ids[2]!,
      limit: 50,
    });
    expect(newer!.items.map((n) => n.id)).toEqual(ids.slice(0, 2));
    const limited = await topForToken(database.db, {
      tokenHash,
      idleDays: 30,
      afterId: 0,
      limit: 1,
    });
    expect(limited!.items.map((n) => n.id)).toEqual(ids.slice(0, 1));
    const none = await topForToken(database.db, {
      tokenHash,
      idleDays: 30,
      afterId: ids[0]!,
      limit: 50,
    });
    expect(none!.items).toEqual([]);
    // The caller comes whole, as the token check reads it: the poll keeps it in memory.
    expect(none!.caller).toMatchObject({ id: userId, balance: 123456789012n, isBlocked: false });
    expect(none!.caller.sessionId).toBeGreaterThan(0);
    expect(none!.caller.expiresAt).toBeGreaterThan(Date.now());
  });
});
