import { desc, eq, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOnce, PlanCachingClient } from '../src/db/plan-cache';
import * as schema from '../src/db/schema';
import { users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { openTestDatabase } from './helpers/test-database';

/**
 * db/plan-cache.ts on PostgreSQL: a list's statement run through `planOnce` is prepared once
 * per connection under a name of its text, and PostgreSQL keeps its plan; other statements stay
 * unnamed; each distinct text (another filter) gets its own name.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    'plan-cache.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)',
  );
}

describe('statements whose plan is kept (PostgreSQL)', () => {
  let database: Database;
  let client: PlanCachingClient;
  let db: NodePgDatabase<typeof schema>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const connectionString = (database.db as unknown as { $client: pg.Pool }).$client.options
      .connectionString as string;
    // One connection, so pg_prepared_statements (per connection) shows what it prepared.
    client = new PlanCachingClient(connectionString);
    await client.connect();
    db = drizzle({ client, schema });
  });
  afterAll(async () => {
    await client?.end();
    await database?.close();
  });

  const prepared = async () =>
    (
      await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
        "select name, generic_plans, custom_plans from pg_prepared_statements where name like 'plan\\_%' order by name",
      )
    ).rows;

  const page = (blocked: boolean) =>
    db
      .select({ id: users.id, total: db.$count(users, eq(users.isBlocked, blocked)) })
      .from(users)
      .where(eq(users.isBlocked, blocked))
      .orderBy(desc(users.id))
      .limit(15);

  it('prepares a planOnce statement once under a name of its text and reuses it', async () => {
    for (let i = 0; i < 8; i += 1) expect(await planOnce(page(false))).toEqual([]);
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.name).toMatch(/^plan_[0-9a-f]{24}$/);
    // Executed eight times on the one preparation; after five custom plans PostgreSQL may keep
    // a generic one.
    expect(Number(statements[0]!.generic_plans) + Number(statements[0]!.custom_plans)).toBe(8);
  });

  it('gives another text its own name, and leaves statements without planOnce unnamed', async () => {
    // The same text with another value: the same name.
    await planOnce(page(true));
    expect(await prepared()).toHaveLength(1);
    await planOnce(db.select({ id: users.id }).from(users).where(eq(users.type, 'admin')));
    await db.execute(sql`select 1`);
    await db.select().from(users).limit(1);
    expect(await prepared()).toHaveLength(2);
  });

  it('a statement of the same text with other values reuses the name and answers for its values', async () => {
    await client.query(
      `insert into users (name, email, phone, password_hash, is_blocked) values ('A', 'a@x.test', '+910000000001', 'x', true)`,
    );
    const rows = await planOnce(page(true));
    expect(rows).toEqual([{ id: expect.any(Number), total: 1 }]);
    expect(await planOnce(page(false))).toEqual([]);
    expect(await prepared()).toHaveLength(2);
  });
});
