import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { insertSession, touchSession } from '../src/modules/auth/repository';
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
      expect(row).toEqual({ sessionId: expect.any(Number), ...expected });
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
});
