import type { Minor } from '@iddesk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ahead, inOneWrite, planOnce, PlanCachingClient, withCommit } from '../src/db/plan-cache';
import * as schema from '../src/db/schema';
import { transactions, users, withdrawals } from '../src/db/schema';
import { holdFor } from '../src/modules/ledger';
import { insertWithdrawal } from '../src/modules/withdrawals/repository';
import type { Database, Tx } from '../src/db/types';
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

  it('a last statement sent withCommit leaves with the COMMIT: two statements, two writes', async () => {
    const first = email('commit-first');
    const last = email('commit-last');
    let outcome: (() => Promise<unknown>) | undefined;
    const writes = await writesDuring(() =>
      db.transaction(async (tx) => {
        await insertUser(tx, first);
        outcome = await withCommit(tx, () => insertUser(tx, last));
      }),
    );
    expect(writes).toBe(2);
    await expect(outcome!()).resolves.toBeDefined();
    expect(await count(first)).toBe(1);
    expect(await count(last)).toBe(1);
  });

  it('when that statement fails, COMMIT rolls everything back and its outcome says so', async () => {
    const first = email('commit-fails');
    let outcome: (() => Promise<unknown>) | undefined;
    // PostgreSQL answers the COMMIT of a failed transaction with ROLLBACK, not an error.
    await db.transaction(async (tx) => {
      await insertUser(tx, first);
      outcome = await withCommit(tx, () => tx.execute(sql`select 1/0`));
    });
    await expect(outcome!()).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await count(first)).toBe(0);
    // The connection serves the next transaction.
    const after = email('commit-after');
    await db.transaction((tx) => insertUser(tx, after));
    expect(await count(after)).toBe(1);
  });

  it('a whole transaction sent withCommit is one write, in order, though its first statement awaits before it is sent', async () => {
    const [first, second] = ['whole-first', 'whole-second'].map(email) as [string, string];
    let outcome: (() => Promise<[unknown, number]>) | undefined;
    const writes = await writesDuring(() =>
      db.transaction(async (tx) => {
        outcome = await withCommit(
          tx,
          async () => {
            // As a prepared statement's first build does: the COMMIT must not overtake it.
            for (let i = 0; i < 5; i += 1) await Promise.resolve();
            return insertUser(tx, first);
          },
          async () => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${first}`)).rows[0]!.n,
        );
      }),
    );
    expect(writes).toBe(1);
    // The second ran after the first, inside the transaction.
    expect((await outcome!())[1]).toBe(1);
    expect(await count(first)).toBe(1);
    expect(await count(second)).toBe(0);
  });

  it('when the last of a whole transaction sent withCommit fails, nothing is committed and its error shows', async () => {
    const first = email('whole-fails');
    let outcome: (() => Promise<unknown>) | undefined;
    await db.transaction(async (tx) => {
      outcome = await withCommit(
        tx,
        () => insertUser(tx, first),
        () => tx.execute(sql`select 1/0`),
      );
    });
    await expect(outcome!()).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await count(first)).toBe(0);
  });

  it('statements sent inOneWrite leave together: three statements and COMMIT, three writes', async () => {
    const [first, second, third] = ['one-first', 'one-second', 'one-third'].map(email) as [string, string, string];
    const writes = await writesDuring(() =>
      db.transaction(async (tx) => {
        await insertUser(tx, first);
        const [a, b] = await inOneWrite(
          tx,
          () => insertUser(tx, second).returning({ email: users.email }),
          () => insertUser(tx, third).returning({ email: users.email }),
        );
        // Each answer is its own statement's.
        expect([a[0]!.email, b[0]!.email]).toEqual([second, third]);
      }),
    );
    expect(writes).toBe(3);
    for (const address of [first, second, third]) expect(await count(address)).toBe(1);
  });

  it('they run in the order given even when the first awaits before it is sent', async () => {
    const first = email('one-order');
    let seen: unknown;
    const writes = await writesDuring(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        [, seen] = await inOneWrite(
          tx,
          async () => {
            // As a prepared statement's first build does.
            for (let i = 0; i < 5; i += 1) await Promise.resolve();
            return insertUser(tx, first);
          },
          async () => (await tx.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${first}`)).rows[0]!.n,
        );
      }),
    );
    expect(seen).toBe(1);
    expect(writes).toBe(3);
  });

  it('when the first of them fails, its error is thrown and the transaction rolls back', async () => {
    const [before, after] = ['one-fails-before', 'one-fails-after'].map(email) as [string, string];
    await expect(
      db.transaction(async (tx) => {
        await insertUser(tx, before);
        await inOneWrite(
          tx,
          () => tx.execute(sql`select 1/0`),
          () => insertUser(tx, after),
        );
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await count(before)).toBe(0);
    expect(await count(after)).toBe(0);
    // The connection serves the next transaction.
    const next = email('one-next');
    await db.transaction((tx) => insertUser(tx, next));
    expect(await count(next)).toBe(1);
  });

  it('ahead: BEGIN, the first statement and the next one leave in one write, COMMIT in another', async () => {
    const [first, then] = ['ahead-first', 'ahead-then'].map(email) as [string, string];
    let ran: { first: unknown; next?: unknown } | undefined;
    const writes = await writesDuring(() =>
      db.transaction(async (tx) => {
        ran = await ahead(
          tx,
          () => insertUser(tx, first).returning({ email: users.email }),
          (rows) => rows.length === 1,
          async () => (await insertUser(tx, then).returning({ email: users.email }))[0]!.email,
        );
      }),
    );
    expect(writes).toBe(2);
    expect(ran).toEqual({ first: [{ email: first }], next: then });
    for (const address of [first, then]) expect(await count(address)).toBe(1);
  });

  it('ahead: when the first answer says no, the next one ran anyway and the rollback undoes it', async () => {
    const then = email('ahead-refused');
    let ran: { first: unknown; next?: unknown } | undefined;
    let finished = false;
    await expect(
      db.transaction(async (tx) => {
        ran = await ahead(
          tx,
          () => tx.execute(sql`select 0 as n`),
          () => false,
          async () => {
            await insertUser(tx, then);
            // Seen inside the transaction: it did run.
            expect((await tx.select({ id: users.id }).from(users).where(eq(users.email, then))).length).toBe(1);
            finished = true;
            return 'done';
          },
        );
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // It was let finish before the caller went on, and its outcome was dropped.
    expect(finished).toBe(true);
    expect(ran).not.toHaveProperty('next');
    expect(await count(then)).toBe(0);
  });

  it('ahead: a failing first statement is the error thrown, not the aborted next one', async () => {
    const then = email('ahead-first-fails');
    await expect(
      db.transaction((tx) =>
        ahead(
          tx,
          () => tx.execute(sql`select 1/0`),
          () => true,
          () => insertUser(tx, then),
        ),
      ),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await count(then)).toBe(0);
    const next = email('ahead-next');
    await db.transaction((tx) => insertUser(tx, next));
    expect(await count(next)).toBe(1);
  });

  describe('a hold and its withdrawal (ledger holdFor)', () => {
    const customer = async (locale: 'en' | 'hi', balance: bigint) => {
      const [row] = await insertUser(db, email(`hold-${locale}`)).returning({ id: users.id });
      await db.update(users).set({ balance, locale }).where(eq(users.id, row!.id));
      return row!.id;
    };
    const withdrawIn = (tx: Tx, userId: number, amount: bigint) =>
      holdFor(tx, { userId, amount: amount as Minor, kind: 'withdrawal', description: { key: 'api.ledger.entry.withdrawalToUpi', values: { upi: 'me@okicici' } } }, (entry) =>
        insertWithdrawal(tx, { userId, amount, method: 'upi', upiId: 'me@okicici', accountHolder: null, accountNumber: null, ifsc: null }, 'Asia/Kolkata', entry),
      );
    const rows = async (userId: number) => ({
      balance: (await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0]!.balance,
      withdrawals: (await db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.userId, userId))).length,
      ledger: await db
        .select({ amount: transactions.amount, balanceAfter: transactions.balanceAfter, description: transactions.description })
        .from(transactions)
        .where(eq(transactions.userId, userId)),
    });

    it('leave in the write of BEGIN: two writes with COMMIT; the row has the balance after and the customer’s language', async () => {
      const userId = await customer('hi', 50_000n);
      const writes = await writesDuring(() => db.transaction((tx) => withdrawIn(tx as unknown as Tx, userId, 20_000n)));
      expect(writes).toBe(2);
      const after = await rows(userId);
      expect(after.balance).toBe(30_000n);
      expect(after.withdrawals).toBe(1);
      expect(after.ledger).toHaveLength(1);
      expect(after.ledger[0]).toMatchObject({ amount: -20_000n, balanceAfter: 30_000n });
      expect(after.ledger[0]!.description).toBe('UPI me@okicici पर निकासी');
    });

    it('a short balance is the 409, and the withdrawal written behind the hold is rolled back', async () => {
      const userId = await customer('en', 10_000n);
      await expect(db.transaction((tx) => withdrawIn(tx as unknown as Tx, userId, 20_000n))).rejects.toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
      });
      expect(await rows(userId)).toEqual({ balance: 10_000n, withdrawals: 0, ledger: [] });
    });
  });

  it('a statement held for a COMMIT that never comes this turn still leaves', async () => {
    const client = await pool.connect();
    try {
      (client as unknown as PlanCachingClient).holdForCommit();
      const answer = await client.query<{ one: number }>('select 1 as one');
      expect(answer.rows[0]!.one).toBe(1);
    } finally {
      client.release();
    }
  });
});
