import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';

export type PendingQueue = 'bills' | 'withdrawals' | 'id_requests' | 'new_ids';
export type PendingRow = { queue: PendingQueue; count: number; amount: number };

/**
 * What waits for staff, and how much money it holds (minor units), per admin queue: one
 * statement, each part read off its `(status, id)` index. `id_requests` are the deposit,
 * withdraw, close and password requests; a new ID's amount is its `create` request's.
 */
export async function pendingQueues(db: Db): Promise<PendingRow[]> {
  const result = await db.execute<{ queue: PendingQueue; count: string; amount: string }>(sql`
    select 'bills' as queue, count(*)::text as count, coalesce(sum(amount), 0)::text as amount
      from bills where status = 'pending'
    union all
    select 'withdrawals', count(*)::text, coalesce(sum(amount), 0)::text
      from withdrawals where status = 'pending'
    union all
    select 'id_requests', count(*)::text, coalesce(sum(amount), 0)::text
      from id_requests where status = 'pending' and type <> 'create'
    union all
    select 'new_ids', count(*)::text, coalesce(sum(r.amount), 0)::text
      from user_ids u
      left join id_requests r on r.user_id_id = u.id and r.type = 'create'
      where u.status = 'pending'
  `);
  // PGlite returns { rows }, node-postgres a QueryResult with rows too.
  const rows = (
    result as { rows: { queue: PendingQueue; count: string; amount: string }[] }
  ).rows;
  return rows.map((r) => ({ queue: r.queue, count: Number(r.count), amount: Number(r.amount) }));
}
