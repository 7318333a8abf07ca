import { and, eq, getTableColumns, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { users, withdrawals, type WithdrawalRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { cancelOwnIfPending, decideIfPending, deskWhere, handler, type ListQuery, type Parties, partyColumns, pendingFilter, viewQueries } from '../pending-items';

export type WithdrawalView = WithdrawalRow & Parties;

/** A withdrawal with its customer and handler; for a list page also its total (run once). */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({ withdrawal: withdrawals, ...partyColumns, total })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(handler, eq(handler.id, withdrawals.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = ({ withdrawal, user, handler }: ViewRow): WithdrawalView => ({ ...withdrawal, user, handler });

/** The queue's filters; a withdrawal has no payment type, and its reference is the payout's. */
function filterOf(query: ListQuery): SQL | undefined {
  return and(
    pendingFilter(withdrawals.status, query.pending),
    deskWhere(
      {
        id: withdrawals.id,
        userId: withdrawals.userId,
        createdAt: withdrawals.createdAt,
        amount: withdrawals.amount,
        reference: withdrawals.payoutReference,
      },
      query,
    ),
  );
}

export const {
  list: listWithdrawalViews,
  chunk: withdrawalChunk,
  find: findWithdrawalView,
} = viewQueries({
  id: withdrawals.id,
  select: selectViews,
  toView,
  where: filterOf,
  matching: (db, fields, where) => db.select(fields).from(withdrawals).where(where),
});

export type NewWithdrawal = Pick<
  WithdrawalRow,
  'userId' | 'amount' | 'method' | 'upiId' | 'accountHolder' | 'accountNumber' | 'ifsc'
>;

/**
 * Rule 8's daily payout total: the customer's withdrawals asked for today (waiting or paid;
 * rejected and cancelled ones do not count), today being the calendar day in `timeZone`. Read
 * by `withdrawal_payouts_today` (migration 0024), the one definition of it (`except` leaves a
 * withdrawal out: the one an INSERT's RETURNING has just written).
 */
const todaysPayouts = (userId: SQLWrapper, timeZone: string, except: SQLWrapper = sql`null`) =>
  sql<string>`withdrawal_payouts_today(${userId}::integer, ${timeZone}::text, 0, null, ${except}::integer)::text`;

/**
 * Writes the withdrawal, and answers with it the customer's other payouts of today (a
 * statement does not see the row it inserts). Run it after the customer's row is locked (the
 * hold): each statement reads what committed before it, so that total holds every withdrawal
 * committed before, concurrent ones included.
 */
export async function insertWithdrawal(tx: Tx, values: NewWithdrawal, timeZone: string): Promise<{ withdrawal: WithdrawalRow; paidToday: bigint }> {
  const [row] = await tx
    .insert(withdrawals)
    .values(values)
    .returning({ ...getTableColumns(withdrawals), paidToday: todaysPayouts(withdrawals.userId, timeZone, withdrawals.id) });
  const { paidToday, ...withdrawal } = row!;
  return { withdrawal, paidToday: BigInt(paidToday) };
}

/** Money rule 10: the customer's own pending withdrawal → cancelled, at most once. */
export const cancelPendingWithdrawal = (tx: Tx, id: number, customerId: number): Promise<WithdrawalRow | null> =>
  cancelOwnIfPending(tx, withdrawals, id, customerId);

export async function payoutsToday(db: Db, userId: number, timeZone: string): Promise<bigint> {
  const [row] = await db.select({ total: todaysPayouts(users.id, timeZone) }).from(users).where(eq(users.id, userId));
  return BigInt(row?.total ?? '0');
}

/** Money rule 6, as for bills: pending → approved/rejected at most once (pending-items). */
export function handlePendingWithdrawal(
  tx: Tx,
  id: number,
  { status, adminId, ...change }: { status: 'approved' | 'rejected'; adminId: number; comment: string | null; payoutReference: string | null; payoutProofKey: string | null },
): Promise<WithdrawalRow | null> {
  return decideIfPending(tx, withdrawals, eq(withdrawals.id, id), { status, adminId, change });
}
