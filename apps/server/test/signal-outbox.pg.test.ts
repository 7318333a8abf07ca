import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CHANNEL, changeFeedOf, type PostgresChangeFeed, SIGNAL_OUTBOX_OPTION } from '../src/db/change-feed';
import { PlanCachingClient } from '../src/db/plan-cache';
import type { Database } from '../src/db/types';
import { openTestDatabase } from './helpers/test-database';
import { pollUntil } from './helpers/poll-until';

/**
 * Migration 0023: the server pool's commits leave their busy signals (b:, n:, t:) in the
 * outbox instead of a NOTIFY, which would hold every other commit behind theirs until their
 * WAL is on disk. The server's change feed sends them after the commit, and every server once
 * a second whatever a writer left. Session ends and user changes stay NOTIFYs.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('signal-outbox.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');
}

let database: Database;
let config: pg.PoolConfig;
let listener: pg.Client;
const heard: string[] = [];
let userId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  config = (database.db as unknown as { $client: pg.Pool }).$client.options;
  listener = new pg.Client({ connectionString: config.connectionString });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === CACHE_CHANNEL && message.payload) heard.push(message.payload);
  });
  await listener.query(`LISTEN ${CACHE_CHANNEL}`);
  const { rows } = await listener.query<{ id: number }>(
    "insert into users (name, email, phone, password_hash) values ('O', $1, $2, 'x') returning id",
    [`outbox-${Date.now()}@x.test`, `+91${String(Date.now()).slice(-10)}`],
  );
  userId = rows[0]!.id;
});

afterAll(async () => {
  await listener?.end();
  await database?.close();
});

/** A connection of its own, as the server's pool opens them (`outbox`) or as any other writer. */
async function connection(outbox: boolean): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: config.connectionString, ...(outbox ? { options: SIGNAL_OUTBOX_OPTION } : {}) });
  await client.connect();
  return client;
}

/** Runs `statement` in a transaction of `client`; answers what the outbox held before COMMIT. */
async function inTransaction(client: pg.Client, statement: string): Promise<string[]> {
  await client.query('begin');
  await client.query(statement, [userId]);
  const { rows } = await client.query<{ payload: string }>(
    'select payload from cache_signal_outbox where xmin = pg_current_xact_id()::xid order by payload',
  );
  await client.query('commit');
  return rows.map((row) => row.payload);
}

const outboxRows = async () => Number((await listener.query('select count(*) from cache_signal_outbox')).rows[0].count);
const heardOf = (payload: string) => pollUntil(async () => heard.includes(payload), Boolean, { label: `heard ${payload}` });

describe('the signal outbox (PostgreSQL)', () => {
  it("a commit of the server's pool: its balance signal is an outbox row, sent after it and removed", async () => {
    heard.length = 0;
    const client = await connection(true);
    try {
      // Nobody sends it but the servers' once-a-second sweep: this writer has no feed.
      expect(await inTransaction(client, 'update users set balance = balance + 100 where id = $1')).toEqual([`b:${userId}`]);
    } finally {
      await client.end();
    }
    expect(await heardOf(`b:${userId}`)).toBe(true);
    expect(await outboxRows()).toBe(0);
  });

  it("the server's feed is asked to send it at its own commit, not only at the sweep", async () => {
    heard.length = 0;
    const feed = changeFeedOf(database.db) as PostgresChangeFeed;
    const asked: string[] = [];
    const flushSoon = feed.flushSoon.bind(feed);
    feed.flushSoon = () => {
      asked.push(heard.join());
      flushSoon();
    };
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(`update users set balance = balance + 100 where id = ${userId}`);
        const written = await tx.execute('select payload from cache_signal_outbox where xmin = pg_current_xact_id()::xid');
        expect((written as unknown as pg.QueryResult).rows).toEqual([{ payload: `b:${userId}` }]);
        await new Promise((resolve) => setImmediate(resolve));
        expect(asked).toEqual([]);
      });
      await new Promise((resolve) => setImmediate(resolve));
      // Asked once the COMMIT was answered, before anything was heard.
      expect(asked).toEqual(['']);
      expect(await heardOf(`b:${userId}`)).toBe(true);
      expect(await outboxRows()).toBe(0);
    } finally {
      feed.flushSoon = flushSoon;
    }
  });

  it("the wait lane's connections write through the outbox and ask the feed to send it (decision 030)", async () => {
    heard.length = 0;
    const settings = await Promise.all(
      Array.from({ length: 16 }, () => database.waitStatements.run('outbox_setting', "select current_setting('iddesk.signal_outbox', true)", [])),
    );
    expect(settings.flat(2)).toEqual(Array(16).fill('on'));
    const feed = changeFeedOf(database.db) as PostgresChangeFeed;
    let asked = 0;
    const flushSoon = feed.flushSoon.bind(feed);
    feed.flushSoon = () => {
      asked++;
      flushSoon();
    };
    try {
      await database.waitStatements.run('outbox_write', 'update users set balance = balance + 100 where id = $1', [String(userId)]);
      expect(asked).toBe(1);
      expect(await heardOf(`b:${userId}`)).toBe(true);
      expect(await outboxRows()).toBe(0);
    } finally {
      feed.flushSoon = flushSoon;
    }
  });

  it('a notification and a queue table signal through the outbox too', async () => {
    heard.length = 0;
    const client = await connection(true);
    try {
      const left = await inTransaction(client, "insert into notifications (user_id, title, body) values ($1, 'T', 'B')");
      expect(left).toEqual([`n:${userId}`]);
      await client.query('begin');
      await client.query("update withdrawals set status = status where id = 0");
      const written = await client.query('select payload from cache_signal_outbox where xmin = pg_current_xact_id()::xid');
      expect(written.rows).toEqual([{ payload: 't:withdrawals' }]);
      await client.query('commit');
    } finally {
      await client.end();
    }
    expect(await heardOf(`n:${userId}`)).toBe(true);
    expect(await heardOf('t:withdrawals')).toBe(true);
  });

  it('a block stays a NOTIFY in its own transaction: nothing in the outbox, heard at commit', async () => {
    heard.length = 0;
    const client = await connection(true);
    try {
      expect(await inTransaction(client, 'update users set is_blocked = is_blocked where id = $1')).toEqual([]);
      await client.query('begin');
      await client.query('delete from sessions where user_id = $1', [userId]);
      await client.query('commit');
    } finally {
      await client.end();
    }
    expect(await heardOf(`u:${userId}`)).toBe(true);
  });

  it('another writer (no outbox option) still NOTIFYs in its transaction', async () => {
    heard.length = 0;
    const client = await connection(false);
    try {
      expect(await inTransaction(client, 'update users set balance = balance + 100 where id = $1')).toEqual([]);
    } finally {
      await client.end();
    }
    expect(await heardOf(`b:${userId}`)).toBe(true);
  });
});

describe('afterWrite of the pool (db/plan-cache.ts)', () => {
  it('runs after a COMMIT and a write outside a transaction; not after a read, a rollback or a failed commit', async () => {
    let runs = 0;
    const pool = new pg.Pool({ ...config, max: 1, Client: PlanCachingClient, afterWrite: () => (runs += 1) } as pg.PoolConfig);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    try {
      await pool.query('select 1');
      await settle();
      expect(runs).toBe(0);
      await pool.query('update users set balance = balance where id = $1', [userId]);
      await settle();
      expect(runs).toBe(1);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('update users set balance = balance where id = $1', [userId]);
        await settle();
        expect(runs).toBe(1);
        await client.query('commit');
        await settle();
        expect(runs).toBe(2);
        await client.query('begin');
        await client.query('update users set balance = balance where id = $1', [userId]);
        await client.query('rollback');
        await settle();
        expect(runs).toBe(2);
        await client.query('begin');
        await client.query('select 1/0').catch(() => {});
        // PostgreSQL answers this COMMIT with ROLLBACK.
        await client.query('commit');
        await settle();
        expect(runs).toBe(2);
        // A submittable (a cursor, a stream) is handed back untouched, and not counted.
        const submitted = client.query(new pg.Query('select 1 as one'));
        expect(submitted).toBeInstanceOf(pg.Query);
        await new Promise((resolve, reject) => submitted.on('end', resolve).on('error', reject));
        expect(runs).toBe(2);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
