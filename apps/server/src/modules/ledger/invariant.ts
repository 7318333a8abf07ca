import { eq, sql } from 'drizzle-orm';
import { transactions, users } from '../../db/schema';
import type { Db } from '../../db/types';

export type LedgerCheck = { userId: number; balance: bigint; counted: bigint; ok: boolean };

/** Counting rows (money rule 2): done rows, plus pending debits, which are holds. */
const countedSum = sql<string>`coalesce(sum(${transactions.amount}) filter (
  where ${transactions.status} = 'done'
     or (${transactions.status} = 'pending' and ${transactions.amount} < 0)
), 0)::text`;

/**
 * Money rules 1 and 2 as a query: the stored balance equals the sum of the counting rows
 * and is not negative. For tests and an operator's audit; no request path depends on it.
 */
export async function ledgerChecks(db: Db, userId?: number): Promise<LedgerCheck[]> {
  const rows = await db
    .select({ userId: users.id, balance: users.balance, counted: countedSum })
    .from(users)
    .leftJoin(transactions, eq(transactions.userId, users.id))
    .where(userId === undefined ? undefined : eq(users.id, userId))
    .groupBy(users.id)
    .orderBy(users.id);
  return rows.map((r) => {
    const counted = BigInt(r.counted);
    return { userId: r.userId, balance: r.balance, counted, ok: r.balance === counted && r.balance >= 0n };
  });
}

/** One user's check; throws if the user does not exist. */
export async function ledgerInvariant(db: Db, userId: number): Promise<LedgerCheck> {
  const [check] = await ledgerChecks(db, userId);
  if (!check) throw new Error(`No user ${userId}`);
  return check;
}
