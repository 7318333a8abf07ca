import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { bills, transactions, users, withdrawals } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { withTotal } from '../../lib/pagination';
import { publicUserColumns } from './repository';
import type { PublicUser } from './types';

export type UserFilter = { search?: string | undefined; blocked?: boolean | undefined };

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterOf({ search, blocked }: UserFilter): SQL | undefined {
  let match: SQL | undefined;
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    // Phones are stored without spaces or dashes; search them the same way.
    const phone = search.replace(/[\s\-()]/g, '');
    match = or(
      ilike(users.name, pattern),
      ilike(users.email, pattern),
      phone ? ilike(users.phone, `%${likeEscape(phone)}%`) : undefined,
    );
  }
  // Customers only (issue 56): staff accounts are on the Staff page, each with its role.
  return and(eq(users.type, 'user'), match, blocked === undefined ? undefined : eq(users.isBlocked, blocked));
}

export async function listUsers(
  db: Db,
  filter: UserFilter,
  window: { limit: number; offset: number },
): Promise<{ items: PublicUser[]; total: number }> {
  const where = filterOf(filter);
  // One statement: the page and its total (lib/pagination.ts withTotal).
  const { rows, total } = await withTotal(
    db
      .select({ ...publicUserColumns, total: db.$count(users, where) })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(window.limit)
      .offset(window.offset),
    window,
    () => db.$count(users, where),
  );
  return { items: rows.map(({ total: _total, ...user }) => user), total };
}

export async function findUser(db: Db, id: number): Promise<PublicUser | null> {
  const rows = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Locks the user row: a block decision reads what it replaces. */
export async function findUserForUpdate(tx: Tx, id: number): Promise<PublicUser | null> {
  const rows = await tx.select(publicUserColumns).from(users).where(eq(users.id, id)).for('update');
  return rows[0] ?? null;
}

export type UserMoneyStats = {
  held: bigint;
  pendingCredit: bigint;
  pendingBills: number;
  pendingWithdrawals: number;
  transactionsCount: number;
};

export async function userMoneyStats(db: Db, userId: number): Promise<UserMoneyStats> {
  const [[sums], pendingBills, pendingWithdrawals] = await Promise.all([
    db
      .select({
        held: sql<string>`coalesce(-sum(${transactions.amount}) filter (where ${transactions.status} = 'pending' and ${transactions.amount} < 0), 0)::text`,
        pendingCredit: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.status} = 'pending' and ${transactions.amount} > 0), 0)::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(transactions)
      .where(eq(transactions.userId, userId)),
    db.$count(bills, and(eq(bills.userId, userId), eq(bills.status, 'pending'))),
    db.$count(withdrawals, and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending'))),
  ]);
  return {
    held: BigInt(sums?.held ?? '0'),
    pendingCredit: BigInt(sums?.pendingCredit ?? '0'),
    pendingBills,
    pendingWithdrawals,
    transactionsCount: Number(sums?.count ?? 0),
  };
}
