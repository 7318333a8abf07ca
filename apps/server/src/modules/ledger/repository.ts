import type { Locale, MessageValues } from '@iddesk/contract';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { transactions, type TransactionRow, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import type { LedgerCause, LedgerText } from './types';

/** A customer's balance after a change, and the language their entries are written in. */
export type Account = { balance: bigint; locale: Locale };

type NewRow = {
  userId: number;
  amount: bigint;
  status: TransactionRow['status'];
  kind: TransactionRow['kind'];
  cause: LedgerCause;
  balanceAfter: bigint | null;
  /** The text in the customer's language now, and the key and values every reader's is written from. */
  description: { text: string; key: LedgerText['key']; values: MessageValues };
  settled: boolean;
};

export async function insertRow(tx: Tx, row: NewRow): Promise<TransactionRow> {
  const rows = await tx
    .insert(transactions)
    .values({
      userId: row.userId,
      amount: row.amount,
      status: row.status,
      kind: row.kind,
      causeType: row.cause.type,
      causeId: row.cause.id,
      balanceAfter: row.balanceAfter,
      description: row.description.text,
      descriptionKey: row.description.key,
      descriptionValues: row.description.values,
      settledAt: row.settled ? sql`now()` : null,
    })
    .returning();
  return rows[0]!;
}

/**
 * Take `amount` from the balance only if it is there, in one statement. On PostgreSQL a
 * concurrent writer of the same user waits for the row lock and then re-checks the WHERE
 * against the committed balance, so two holds can never both spend the same money.
 * Returns the new balance and the customer's language, or null when the balance is short (or
 * the user is gone).
 */
export async function takeFromBalance(tx: Tx, userId: number, amount: bigint): Promise<Account | null> {
  const [row] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} - ${amount}` })
    .where(and(eq(users.id, userId), gte(users.balance, amount)))
    .returning({ balance: users.balance, locale: users.locale });
  return row ?? null;
}

export async function addToBalance(tx: Tx, userId: number, amount: bigint): Promise<Account | null> {
  const [row] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${amount}` })
    .where(eq(users.id, userId))
    .returning({ balance: users.balance, locale: users.locale });
  return row ?? null;
}

/** A ledger row named by its id, or by its cause (at most one row per cause). */
export type RowRef = number | LedgerCause;

type Sign = 'credit' | 'debit';
type Close = 'done' | 'rejected' | 'cancelled';

/**
 * Move a pending row of the given sign to `to`. The `status = 'pending'` condition makes the
 * change happen at most once, also under concurrency; null means it was not pending (or is
 * not a row of that sign). Named by its cause, no look-up of its id comes first.
 */
export async function closePendingRow(tx: Tx, ref: RowRef, sign: Sign, to: Close): Promise<TransactionRow | null> {
  const byId = typeof ref === 'number';
  // A cause without an id has no row.
  if (!byId && ref.id === null) return null;
  const [row] = await tx
    .update(transactions)
    .set({ status: to, settledAt: sql`now()` })
    .where(
      and(
        byId ? eq(transactions.id, ref) : and(eq(transactions.causeType, ref.type), eq(transactions.causeId, ref.id!)),
        eq(transactions.status, 'pending'),
        sign === 'credit' ? gt(transactions.amount, 0n) : lt(transactions.amount, 0n),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setBalanceAfter(tx: Tx, rowId: number, balanceAfter: bigint): Promise<TransactionRow> {
  const rows = await tx
    .update(transactions)
    .set({ balanceAfter })
    .where(eq(transactions.id, rowId))
    .returning();
  return rows[0]!;
}

export async function findRowByCause(db: Db, cause: LedgerCause): Promise<TransactionRow | null> {
  if (cause.id === null) return null;
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.causeType, cause.type), eq(transactions.causeId, cause.id)))
    .limit(1);
  return rows[0] ?? null;
}
