import { and, eq, ne, sql } from 'drizzle-orm';
import { bills, idRequests, userIds, withdrawals } from '../../db/schema';
import type { Db } from '../../db/types';

const pendingCount = (query: unknown) => sql<number>`(${query})`.mapWith(Number);

/**
 * Issue 55 item 2: who holds which pending item, as one short fingerprint (`md5` of the live
 * claims, item and holder): it changes when a claim is taken, released or expires, and the
 * header's poll then refreshes the queue pages on screen. A renewal keeps it.
 */
const liveClaims = sql<string>`(select md5(coalesce(string_agg(c.k, ',' order by c.k), '')) from (
  select 'b' || id || ':' || claimed_by as k from ${bills} where status = 'pending' and claimed_until > now()
  union all select 'w' || id || ':' || claimed_by from ${withdrawals} where status = 'pending' and claimed_until > now()
  union all select 'r' || id || ':' || claimed_by from ${idRequests} where status = 'pending' and claimed_until > now()
  union all select 'n' || id || ':' || claimed_by from ${userIds} where status = 'pending' and claimed_until > now()
) c)`;

/** Pending items in each admin queue and the claims on them, in one statement (the admin header polls it). */
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
      claims: liveClaims,
    })
    // Four scalar subqueries need no table of their own.
    .from(sql`(values (1)) as one`);
  return {
    new_ids: row?.newIds ?? 0,
    requests: row?.requests ?? 0,
    bills: row?.bills ?? 0,
    withdrawals: row?.withdrawals ?? 0,
    claims: row?.claims ?? '',
  };
}
