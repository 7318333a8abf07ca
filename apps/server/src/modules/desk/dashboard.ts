import { type Dashboard, formatAmount } from '@iddesk/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import { paymentTypes } from '../../db/schema';
import type { Db } from '../../db/types';
import { DEMO_ACCOUNT_DOMAIN, DEMO_PAYEE } from '../demo-seed';

type TallyKey = 'top_ups' | 'payouts' | 'id_deposits' | 'id_withdrawals' | 'new_customers';
type Totals = Dashboard['today'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** YYYY-MM-DD of the day `offset` days from `day`. */
const shiftDay = (day: string, offset: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

const emptyTotals = (): Totals => ({
  top_ups: { count: 0, amount: '0.00' },
  payouts: { count: 0, amount: '0.00' },
  id_deposits: { count: 0, amount: '0.00' },
  id_withdrawals: { count: 0, amount: '0.00' },
  new_customers: 0,
});

function addTo(totals: Totals, key: TallyKey, count: number, amount: bigint) {
  if (key === 'new_customers') {
    totals.new_customers += count;
    return;
  }
  const tally = totals[key];
  tally.count += count;
  tally.amount = formatAmount(BigInt(tally.amount.replace('.', '')) + amount);
}

/**
 * Issue 16 item 4: what the desk approved today and over the last 7 days (days in the display
 * time zone, by the time staff approved them), new customers, and each queue's size, total and
 * oldest item. Two statements; each part reads an index on (status, handled_at or id).
 * ID deposits are new IDs and deposits (confirmed amounts); ID withdrawals are withdrawals
 * from and closes of IDs (the amount credited to the wallet).
 */
export async function dashboard(db: Db, timeZone: string): Promise<Dashboard> {
  const [tallies, queues, demoPayees] = await Promise.all([
    db.execute(sql`
      with bounds as (
        select (date_trunc('day', now() at time zone ${timeZone}) - interval '6 days') at time zone ${timeZone} as since,
               to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as today
      ), events as (
        select 'top_ups' as k, b.handled_at as at, b.amount from bills b, bounds
          where b.status = 'approved' and b.handled_at >= bounds.since
        union all
        select 'payouts', w.handled_at, w.amount from withdrawals w, bounds
          where w.status = 'approved' and w.handled_at >= bounds.since
        union all
        select 'id_deposits', r.handled_at, coalesce(r.confirmed_amount, r.amount, 0) from id_requests r, bounds
          where r.status = 'approved' and r.handled_at >= bounds.since and r.type in ('create', 'deposit')
        union all
        select 'id_withdrawals', r.handled_at, coalesce(r.confirmed_amount, 0) from id_requests r, bounds
          where r.status = 'approved' and r.handled_at >= bounds.since and r.type in ('withdraw', 'close')
        union all
        select 'new_customers', u.created_at, 0 from users u, bounds
          where u.type = 'user' and u.created_at >= bounds.since and u.email not like ${`%@${DEMO_ACCOUNT_DOMAIN}`}
      )
      select (select today from bounds) as today, to_char((at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
             k, count(*)::int as n, coalesce(sum(amount), 0)::text as amount
        from events group by 2, 3
      union all
      select (select today from bounds), null, null, 0, '0'`),
    db.execute(sql`
      select 'bills' as queue, count(*)::int as size, coalesce(sum(amount), 0)::text as total, min(created_at) as oldest
        from bills where status = 'pending'
      union all
      select 'withdrawals', count(*)::int, coalesce(sum(amount), 0)::text, min(created_at)
        from withdrawals where status = 'pending'
      union all
      select 'requests', count(*)::int, coalesce(sum(amount), 0)::text, min(created_at)
        from id_requests where status = 'pending' and type <> 'create'
      union all
      select 'new_ids', count(*)::int, coalesce(sum(r.amount), 0)::text, min(u.created_at)
        from user_ids u join id_requests r on r.user_id_id = u.id and r.type = 'create'
        where u.status = 'pending'`),
    // The demo seed's payees, while customers are still shown one (issue 56).
    db
      .select({ id: paymentTypes.id, name: paymentTypes.name })
      .from(paymentTypes)
      .where(
        and(
          eq(paymentTypes.isActive, true),
          or(eq(paymentTypes.upiId, DEMO_PAYEE.upiId), eq(paymentTypes.ifsc, DEMO_PAYEE.ifsc)),
        ),
      )
      .orderBy(paymentTypes.id),
  ]);

  const tallyRows = rowsOf<{ today: string; day: string | null; k: TallyKey | null; n: number; amount: string }>(tallies);
  const today = tallyRows[0]!.today;
  const dayList = Array.from({ length: 7 }, (_, i) => shiftDay(today, i - 6));
  const perDay = new Map(dayList.map((d) => [d, emptyTotals()]));
  const week = emptyTotals();
  for (const row of tallyRows) {
    if (row.k === null || row.day === null) continue;
    const day = perDay.get(row.day);
    if (!day) continue;
    addTo(day, row.k, Number(row.n), BigInt(row.amount));
    addTo(week, row.k, Number(row.n), BigInt(row.amount));
  }

  const now = Date.now();
  const queueRows = rowsOf<{ queue: keyof Dashboard['queues']; size: number; total: string; oldest: Date | string | null }>(queues);
  const queueOf = (name: keyof Dashboard['queues']) => {
    const row = queueRows.find((r) => r.queue === name)!;
    const oldest = row.oldest === null ? null : new Date(row.oldest);
    return {
      size: Number(row.size),
      total: formatAmount(BigInt(row.total)),
      oldest_seconds: oldest === null ? null : Math.max(0, Math.floor((now - oldest.getTime()) / 1000)),
      oldest_created_at: oldest?.toISOString() ?? null,
    };
  };

  return {
    time_zone: timeZone,
    today_date: today,
    today: perDay.get(today)!,
    last_7_days: week,
    queues: {
      bills: queueOf('bills'),
      withdrawals: queueOf('withdrawals'),
      requests: queueOf('requests'),
      new_ids: queueOf('new_ids'),
    },
    days: dayList.map((date) => ({ date, ...perDay.get(date)! })),
    demo_payment_types: demoPayees,
  };
}
