import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedOnce } from '../src/db/plan-cache';
import { users } from '../src/db/schema';
import type { Database, Db } from '../src/db/types';
import { openTestDatabase } from './helpers/test-database';

/**
 * db/plan-cache.ts `preparedOnce` with transactions (issue 19, the money calls' statements):
 * a statement is built once per database, whichever handle built it, and always runs on the
 * connection of the handle it is asked for: inside the caller's transaction, rolled back and
 * locked with it. On both databases.
 */
describe('a statement built once runs in the caller’s transaction', () => {
  let database: Database;
  let userId: number;
  let builds = 0;

  const renameOf = (db: Db) =>
    preparedOnce(db, 'test rename user', (name) => {
      builds += 1;
      return db
        .update(users)
        .set({ name: sql`${sql.placeholder('name')}` })
        .where(eq(users.id, sql.placeholder('id')))
        .returning({ name: users.name })
        .prepare(name);
    });
  const nameNow = async () =>
    (await database.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]!.name;

  beforeAll(async () => {
    database = await openTestDatabase();
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Plain before', email: 'plan-cache@example.test', phone: '+919800000001', passwordHash: 'x' })
      .returning({ id: users.id });
    userId = row!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is built once for the database and its transactions, and each run sees its own transaction', async () => {
    // Built on the database itself, outside any transaction.
    await renameOf(database.db).execute({ id: userId, name: 'Plain' });
    expect(await nameNow()).toBe('Plain');

    // The same statement in a transaction that rolls back: the change goes with it.
    await expect(
      database.db.transaction(async (tx) => {
        expect(await renameOf(tx).execute({ id: userId, name: 'Rolled back' })).toEqual([{ name: 'Rolled back' }]);
        // Read on the same connection: the transaction sees its own change.
        expect((await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]!.name).toBe('Rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameNow()).toBe('Plain');

    // In a later transaction (another connection handle) it commits with it.
    await database.db.transaction(async (tx) => {
      await renameOf(tx).execute({ id: userId, name: 'Committed' });
    });
    expect(await nameNow()).toBe('Committed');
    expect(builds).toBe(1);
  });
});
