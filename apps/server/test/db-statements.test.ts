import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { insertSession, touchSession } from '../src/modules/auth/repository';
import { topForToken } from '../src/modules/notifications/repository';
import { insertUser, publicUserColumns } from '../src/modules/users/repository';
import { openTestDatabase } from './helpers/test-database';

/**
 * The hot prepared statements (db/prepared.ts) on PGlite (named statements) and, with
 * TEST_DATABASE_URL, PostgreSQL (the pipelined connection): rows decode exactly as Drizzle
 * maps the same columns, a failing statement fails alone, and a statement never runs inside
 * another caller's transaction.
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

describe('hot prepared statements', () => {
  it('decode the token check like Drizzle maps the same columns', async () => {
    const [expected] = await database.db
      .select(publicUserColumns)
      .from(users)
      .where(eq(users.id, userId));
    for (let i = 0; i < 3; i++) {
      const row = await touchSession(database.db, tokenHash, 30);
      expect(row).toEqual({
        sessionId: expect.any(Number),
        // How long the session cache may keep the answer (auth/session-cache.ts).
        expiresAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
        ...expected,
      });
    }
    expect(await touchSession(database.db, 'b'.repeat(64), 30)).toBeNull();
  });

  it('a failing statement fails alone', async () => {
    await expect(database.statements.run('broken', 'select 1/0', [])).rejects.toThrow(
      /division by zero/,
    );
    await expect(database.statements.run('broken_parse', 'selec 1', [])).rejects.toThrow();
    expect(await database.statements.run('one', 'select $1::int + 1', ['41'])).toEqual([['42']]);
    expect(await touchSession(database.db, tokenHash, 30)).not.toBeNull();
  });

  it("never runs inside another caller's transaction", async () => {
    let check: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'Inside A Transaction' }).where(eq(users.id, userId));
        check = touchSession(database.db, tokenHash, 30);
        // Give the statement every chance to run now if it were going to.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await check).toMatchObject({ name: 'Statement Tester' });
  });

  it('the poll and the token check keep one generic plan (planned once, not on every call)', async () => {
    // Enough rows, with statistics, for the planner to tell a narrow range from a wide one.
    await database.db.execute(
      sql`insert into notifications (user_id, title, body) select ${userId}, 'N' || i, 'b' from generate_series(1, 400) as i`,
    );
    await database.db.execute(sql`analyze notifications`);
    const newest = await topForToken(database.db, {
      tokenHash,
      idleDays: 30,
      afterId: 0,
      limit: 1,
    });
    // As browsers poll: the highest id seen, so nothing or almost nothing is newer.
    for (let i = 0; i < 10; i++) {
      const top = await topForToken(database.db, {
        tokenHash,
        idleDays: 30,
        afterId: newest!.items[0]!.id - (i % 2),
        limit: 50,
      });
      expect(top!.items).toHaveLength(i % 2);
      await touchSession(database.db, tokenHash, 30);
    }
    const plans = await database.statements.run(
      'plans_check',
      'select name, generic_plans, custom_plans from pg_prepared_statements where name = any($1::text[]) order by name',
      ['{notifications_top,touch_session}'],
    );
    expect(plans.map(([name]) => name)).toEqual(['notifications_top', 'touch_session']);
    for (const [name, generic, custom] of plans) {
      // PostgreSQL tries five custom plans before it compares them with the generic one.
      expect(Number(custom), name!).toBeLessThanOrEqual(5);
      expect(Number(generic), name!).toBeGreaterThan(0);
    }
  });

  it('the poll answers what is newer than the id, newest first, at most the limit', async () => {
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
