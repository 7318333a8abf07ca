import { and, eq, ne, sql } from 'drizzle-orm';
import { bills, idRequests, userIds, withdrawals } from '../../db/schema';
import type { Db } from '../../db/types';

const pendingCount = (query: unknown) => sql<number>`(${query})`.mapWith(Number);

/** Pending items in each admin queue, in one statement (the admin header polls it). */
export async function pendingCounts(db: Db) {
  const count = sql<number>`count(*)::int`;
  const [row] = await db
    .select({
      newIds: pendingCount(
        db.select({ n: count }).from(userIds).where(eq(userIds.status, 'pending')),
      ),
      requests: pendingCount(
        db
          .select({ n: count })
          .from(idRequests)
          .where(and(eq(idRequests.status, 'pending'), ne(idRequests.type, 'create'))),
      ),
      bills: pendingCount(db.select({ n: count }).from(bills).where(eq(bills.status, 'pending'))),
      withdrawals: pendingCount(
        db.select({ n: count }).from(withdrawals).where(eq(withdrawals.status, 'pending')),
      ),
    })
    // Four scalar subqueries need no table of their own.
    .from(sql`(values (1)) as one`);
  return {
    new_ids: row?.newIds ?? 0,
    requests: row?.requests ?? 0,
    bills: row?.bills ?? 0,
    withdrawals: row?.withdrawals ?? 0,
  };
}
