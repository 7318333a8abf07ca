import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelinedConnection } from '../src/db/pipeline';
import { openTestDatabase } from './helpers/test-database';
import type { Database } from '../src/db/types';

/**
 * The pipelined connection the token check and the poll run on (PostgreSQL only): answers go
 * to the statement that asked, a failing statement fails alone, and a lost connection is
 * replaced by the next statement.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('db-pipeline.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');
}

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
});
