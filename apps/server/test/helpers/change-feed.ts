import { sql } from 'drizzle-orm';
import { CACHE_CHANNEL, changeFeedOf } from '../../src/db/change-feed';
import type { TestContext } from './test-app';

let marks = 0;

/**
 * Waits until this app's change feed has delivered every signal committed so far. On
 * PostgreSQL the triggers' NOTIFYs come back a little after the writes that sent them and
 * empty the caches again (the writer's own process was told at once); a count of statements
 * measured in that moment would include a re-read. NOTIFYs arrive in commit order, so once a
 * marker sent now has come back, every earlier one has. Caches ignore the marker's prefix.
 * Signals that go through the outbox are awaited first (`ChangeFeed.settled`).
 */
export async function changeFeedSettled(ctx: TestContext, timeoutMs = 5_000): Promise<void> {
  const feed = changeFeedOf(ctx.db);
  if (!feed?.live) return;
  // The signals the app's commits left in the outbox (migration 0023) are sent and back.
  await feed.settled();
  marks += 1;
  const marker = `x:settled-${process.pid}-${marks}`;
  let stop = () => {};
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`change feed: ${marker} did not come back in ${timeoutMs} ms`)), timeoutMs);
    const unsubscribe = feed.subscribe({
      signal: (payload) => {
        if (payload === marker) resolve();
      },
      state: () => {},
    });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
  });
  try {
    await ctx.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${marker})`);
    await arrived;
  } finally {
    stop();
  }
}
