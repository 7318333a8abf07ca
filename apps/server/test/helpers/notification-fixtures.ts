import { desc } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../../src/db/schema';
import type { ApiResponse, TestContext } from './test-app';

/** Runs `action` and returns the notifications it created, across all users, newest first. */
export async function notificationsCreatedBy(ctx: TestContext, action: () => Promise<unknown>) {
  const [before] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(1);
  await action();
  const rows = await ctx.db.select().from(notifications).orderBy(desc(notifications.id));
  return rows.filter((n) => n.id > (before?.id ?? 0));
}

/** Makes `call`, which must answer 200, and returns the notifications it created. */
export function notificationsOfCall(ctx: TestContext, call: () => Promise<ApiResponse>) {
  return notificationsCreatedBy(ctx, async () => {
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
  });
}
