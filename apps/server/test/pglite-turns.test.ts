import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import type { Database } from '../src/db/types';

/**
 * PGlite runs PostgreSQL on the server's own thread and answers in microtasks. Without turns,
 * statements queued behind one another all ran before the event loop reached a timer or a
 * socket again (db/client.ts `takeTurns`): on a busy one-box server, a call arriving then
 * waited seconds. These tests count what ran, never how long it took.
 */
let database: Database;
beforeAll(async () => {
  database = await openPglite({});
});
afterAll(async () => {
  await database?.close();
});

describe('PGlite takes turns with the event loop', () => {
  it('a timer due meanwhile runs between queued statements, not after all of them', async () => {
    const total = 200;
    let done = 0;
    const statements = Array.from({ length: total }, () =>
      database.db.execute(sql`select count(*) from generate_series(1, 100)`).then(() => {
        done += 1;
      }),
    );
    // Due in 1 ms: the next turn of the loop after that runs it.
    const doneWhenTheTimerRan = new Promise<number>((resolve) => setTimeout(() => resolve(done), 1));
    await Promise.all(statements);
    const seen = await doneWhenTheTimerRan;
    expect(done).toBe(total);
    expect(seen).toBeLessThan(total);
  });

  it("a transaction's statements keep the lock together: nothing of another caller runs between them", async () => {
    const order: string[] = [];
    const transaction = database.db.transaction(async (tx) => {
      for (const step of ['a', 'b', 'c']) {
        await tx.execute(sql`select 1`);
        order.push(`tx ${step}`);
      }
    });
    const outside = database.db.execute(sql`select 2`).then(() => order.push('outside'));
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['tx a', 'tx b', 'tx c', 'outside']);
  });
});
