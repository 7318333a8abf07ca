import { sql } from 'drizzle-orm';
import { CACHE_CHANNEL, changeFeedOf } from '../../src/db/change-feed';
import type { TestContext } from './test-app';

let marks = 0;

/**
 * Waits until this app's change feed has delivered every signal committed so far, for a test
 * that wrote straight to the database (an answer to a write through the app waits for it
 * itself, plugins/app/db.ts). NOTIFYs arrive in commit order, so once a marker sent now has
 * come back, every earlier one has. Caches ignore the marker's prefix.
 */
export async function changeFeedSettled(ctx: TestContext, timeoutMs = 5_000): Promise<void> {
  const feed = changeFeedOf(ctx.db);
  if (!feed?.live) return;
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
