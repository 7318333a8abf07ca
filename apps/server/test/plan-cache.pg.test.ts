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

describe("a transaction's BEGIN leaves with its first statement (PostgreSQL)", () => {
  let database: Database;
  let pool: pg.Pool;
  let db: NodePgDatabase<typeof schema>;

  beforeAll(async () => {
    database = await openTestDatabase();
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
    db = database.db as unknown as NodePgDatabase<typeof schema>;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Socket writes of the pool's connections while `work` runs (pg writes each statement once). */
  async function writesDuring(work: () => Promise<unknown>): Promise<number> {
    const clients = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
    clients.forEach((client) => client.release());
    let writes = 0;
    const restore = clients.map((client) => {
      const stream = (client as unknown as { connection: { stream: Record<string, (...args: unknown[]) => unknown> } }).connection.stream;
      const { _write: write, _writev: writev } = stream;
      stream._write = (...args) => ((writes += 1), write!.apply(stream, args));
      stream._writev = (...args) => ((writes += 1), writev!.apply(stream, args));
      return () => Object.assign(stream, { _write: write, _writev: writev });
    });
    try {
      await work();
      return writes;
    } finally {
      restore.forEach((undo) => undo());
    }
  }

  const email = (tag: string) => `begin-${tag}-${Date.now()}@x.test`;
  // Two users written in the same millisecond still need their own phone.
  let phones = 0;
  const insertUser = (tx: Pick<typeof db, 'insert'>, address: string) =>
    tx.insert(users).values({
      name: 'B',
      email: address,
      phone: `+91${String(Date.now()).slice(-7)}${String((phones += 1) % 1000).padStart(3, '0')}`,
      passwordHash: 'x',
    });
  const count = async (address: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, address))).length;

  it('a transaction of one statement is two writes: BEGIN with the statement, then COMMIT', async () => {
    const address = email('two');
    expect(await writesDuring(() => db.transaction((tx) => insertUser(tx, address)))).toBe(2);
    expect(await count(address)).toBe(1);
  });

  it('its statements are inside the transaction: a failure rolls the first one back', async () => {
    const address = email('rollback');
    await expect(
      db.transaction(async (tx) => {
        await insertUser(tx, address);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count(address)).toBe(0);
  });

  it('work that waits before its first statement still runs inside the transaction', async () => {
    const address = email('late');
    await expect(
      db.transaction(async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await insertUser(tx, address);
        // Seen inside, not yet outside.
        expect((await tx.select({ id: users.id }).from(users).where(eq(users.email, address))).length).toBe(1);
        expect(await count(address)).toBe(0);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count(address)).toBe(0);
  });

  it('a statement that fails first fails the transaction, and the connection serves the next one', async () => {
    await expect(db.transaction((tx) => tx.execute(sql`select 1/0`))).rejects.toMatchObject({ cause: { code: '22012' } });
    const address = email('after');
    await db.transaction((tx) => insertUser(tx, address));
    expect(await count(address)).toBe(1);
  });
});
