import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelinedConnection, PipelinedConnections } from '../src/db/pipeline';
import { listTransactions } from '../src/modules/ledger/list';
import { openTestDatabase } from './helpers/test-database';
import type { Database } from '../src/db/types';

/**
 * The pipelined connection the token check and the poll run on (PostgreSQL only): answers go
 * to the statement that asked, a failing statement fails alone, and a lost connection is
 * replaced by the next statement. The list pages have a pipeline of their own, and the
 * statements that may wait for a row lock a few (decision 030).
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('db-pipeline.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');
}

/**
 * Until one statement whose text is `like` waits for a lock, as `watcher` (a connection outside
 * the locker's transaction, whose view of pg_stat_activity would stay as first read) sees it.
 */
const oneWaitsForALock = (watcher: pg.Client, like: string) =>
  expect
    .poll(async () => {
      const waiting = await watcher.query(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like $1`,
        [like],
      );
      return waiting.rows[0].n;
    })
    .toBe(1);

describe('the pipelined connection of the hot statements (PostgreSQL)', () => {
  let database: Database;
  let connectionString: string;
  let pipe: PipelinedConnection;

  beforeAll(async () => {
    database = await openTestDatabase();
    // The fresh database's own URL: the pipeline the test database opened points there.
    connectionString = (database.db as unknown as { $client: pg.Pool }).$client.options
      .connectionString as string;
    pipe = new PipelinedConnection(connectionString);
  });
  afterAll(async () => {
    await pipe?.close();
    await database?.close();
  });

  const echo = (n: number) =>
    pipe.query({ name: 'echo', text: 'select $1::int as n' }, [n]).then((r) => r.rows[0].n);

  it('many statements in flight at once each get their own answer', async () => {
    const ns = Array.from({ length: 200 }, (_, i) => i);
    expect(await Promise.all(ns.map(echo))).toEqual(ns);
  });

  it('a failing statement fails alone; the ones around it answer', async () => {
    const results = await Promise.allSettled([
      echo(1),
      pipe.query({ text: 'select 1/0' }),
      echo(3),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await echo(4)).toBe(4);
  });

  it('a lost connection is replaced by the next statement', async () => {
    const pid = (await pipe.query({ text: 'select pg_backend_pid() as pid' })).rows[0].pid;
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // The statement that meets the dead connection may fail (its request answers 503) …
    await pipe.query({ text: 'select 1' }).catch(() => {});
    // … and a later one runs on a new connection.
    await expect.poll(() => echo(5).catch(() => null), { timeout: 5_000 }).toBe(5);
    const newPid = (await pipe.query({ text: 'select pg_backend_pid() as pid' })).rows[0].pid;
    expect(newPid).not.toBe(pid);
  });

  it('the database handle runs its hot statements on its pipeline', () => {
    expect(database.statements).toBeInstanceOf(PipelinedConnection);
  });

  it("a list page waiting on its own pipeline holds up no hot statement (prepared.ts StatementLane)", async () => {
    expect(database.listStatements).toBeInstanceOf(PipelinedConnection);
    expect(database.listStatements).not.toBe(database.statements);
    // The ledger locked, as a long page would hold its pipeline: the page waits …
    const locker = new pg.Client({ connectionString });
    const watcher = new pg.Client({ connectionString });
    await Promise.all([locker.connect(), watcher.connect()]);
    try {
      await locker.query('begin');
      await locker.query('lock table transactions in access exclusive mode');
      let pageDone = false;
      const page = listTransactions(database.db, 1, { page: 1, perPage: 15, pending: undefined }).then((p) => {
        pageDone = true;
        return p;
      });
      await oneWaitsForALock(watcher, '%from "transactions"%');
      // … and a hot statement still answers at once, before the page.
      const [hot] = await database.statements.run('lane_probe', 'select 42', []);
      expect(hot).toEqual(['42']);
      expect(pageDone).toBe(false);
      await locker.query('commit');
      expect(await page).toMatchObject({ items: [], total: 0 });
    } finally {
      await Promise.all([locker.end(), watcher.end()]);
    }
  });

  it('the statements that may wait for a row lock spread over connections of their own (decision 030)', async () => {
    const waits = database.waitStatements as PipelinedConnections;
    expect(waits).toBeInstanceOf(PipelinedConnections);
    expect(waits.connections).toHaveLength(8);
    const pidOf = async (runner: { run: PipelinedConnection['run'] }) => (await runner.run('pid_probe', 'select pg_backend_pid()', []))[0]![0];
    // Sent together, sixteen statements go two to each: the one with the fewest in flight.
    const pids = await Promise.all(Array.from({ length: 16 }, () => pidOf(waits)));
    expect(new Set(pids).size).toBe(8);
    expect(pids).not.toContain(await pidOf(database.statements));
    expect(pids).not.toContain(await pidOf(database.listStatements));
  });

  it('a statement waiting for a row lock holds up none sent after it on the wait lane', async () => {
    const waits = database.waitStatements;
    const locker = new pg.Client({ connectionString });
    const watcher = new pg.Client({ connectionString });
    await Promise.all([locker.connect(), watcher.connect()]);
    try {
      const { rows } = await locker.query<{ id: number }>(
        "insert into users (name, email, phone, password_hash) values ('W', $1, $2, 'x') returning id",
        [`wait-lane-${Date.now()}@x.test`, `+91${String(Date.now()).slice(-10)}`],
      );
      const id = String(rows[0]!.id);
      // Another call of the customer's holds their row, as a withdrawal in flight would …
      await locker.query('begin');
      await locker.query('select id from users where id = $1 for update', [id]);
      let heldDone = false;
      const held = waits.run('wait_probe_hold', 'update users set balance = balance + 1 where id = $1 returning balance', [id]).then((r) => {
        heldDone = true;
        return r;
      });
      await oneWaitsForALock(watcher, '%balance + 1%');
      // … and the next statements of the lane answer at once, on the other connections.
      for (let i = 0; i < 10; i++) expect(await waits.run('wait_probe_free', 'select $1::int', [String(i)])).toEqual([[String(i)]]);
      expect(heldDone).toBe(false);
      await locker.query('commit');
      expect(await held).toEqual([['1']]);
    } finally {
      await Promise.all([locker.end(), watcher.end()]);
    }
  });
});
