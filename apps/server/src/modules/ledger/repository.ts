import type { Locale } from '@iddesk/contract';
import { and, eq, gt, gte, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { transactions, type TransactionRow, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import type { LedgerCause } from './types';
import { signalBalanceChanged } from '../../db/change-feed';
import { preparedOnce } from '../../db/plan-cache';

const placeholder = sql.placeholder;

/** A customer's balance after a change, and the language their entries are written in. */
export type Account = { balance: bigint; locale: Locale };

type NewRow = {
  userId: number;
  amount: bigint;
  status: TransactionRow['status'];
  kind: TransactionRow['kind'];
  cause: LedgerCause;
  balanceAfter: bigint | null;
  description: string;
  settled: boolean;
};

/** A cause whose id another part of the same statement writes (a CTE's `select id from …`). */
export type CauseInStatement = { type: LedgerCause['type']; id: SQL };

/**
 * A pending ledger row as `pendingRowInsert` writes it: the values of its placeholders. A hold's
 * has the balance after it; a pending credit's has none (it counts once approved).
 */
export type PendingRow = {
  entryUserId: number;
  entryAmount: bigint;
  entryKind: TransactionRow['kind'];
  entryBalanceAfter: bigint | null;
  entryDescription: string;
};

/** A pending row's insert, its balance after and text given (the rest are placeholders). */
function pendingInsert(tx: Db, cause: CauseInStatement, balanceAfter: SQL | Placeholder, description: SQL | Placeholder) {
  return tx.insert(transactions).values({
    userId: placeholder('entryUserId'),
    amount: placeholder('entryAmount'),
    status: 'pending',
    kind: placeholder('entryKind'),
    causeType: cause.type,
    causeId: cause.id,
    balanceAfter,
    description,
    settledAt: null,
  });
}

/**
 * A pending ledger row (a hold or a pending credit, not settled) with its values as
 * placeholders (`PendingRow`), for a caller that writes the row's cause in the same statement and
 * builds it once (plan-cache preparedOnce; ledger pendingCreditEntry).
 */
export const pendingRowInsert = (tx: Db, cause: CauseInStatement) =>
  pendingInsert(tx, cause, placeholder('entryBalanceAfter'), placeholder('entryDescription'));

/**
 * A hold's ledger row written in the same write as the hold, before its answer is known
 * (ledger holdFor): its balance after and its language are read in the statement from the
 * customer's row, which the hold has just changed and locked. The text comes in every
 * language (`entryDescriptions`, a JSON object by locale) and the customer's is picked.
 */
export type HeldRow = Omit<PendingRow, 'entryBalanceAfter' | 'entryDescription'> & { entryDescriptions: string };

const customerColumn = (column: typeof users.balance | typeof users.locale) =>
  sql`(select ${column} from ${users} where ${users.id} = ${placeholder('entryUserId')})`;

export const heldRowInsert = (tx: Db, cause: CauseInStatement) =>
  pendingInsert(
    tx,
    cause,
    customerColumn(users.balance),
    sql`(${placeholder('entryDescriptions')}::jsonb ->> ${customerColumn(users.locale)}::text)`,
  );

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
      description: row.description,
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
  // Built once per database (issue 19): the hold of every money call.
  const take = preparedOnce(tx, 'ledger take', (name) =>
    tx
      .update(users)
      .set({ balance: sql`${users.balance} - ${placeholder('amount')}` })
      .where(and(eq(users.id, placeholder('userId')), gte(users.balance, placeholder('amount'))))
      .returning({ balance: users.balance, locale: users.locale })
      .prepare(name),
  );
  const rows = await take.execute({ userId, amount });
  signalBalanceChanged(userId);
  return rows[0] ?? null;
}

export async function addToBalance(tx: Tx, userId: number, amount: bigint): Promise<Account | null> {
  const add = preparedOnce(tx, 'ledger add', (name) =>
    tx
      .update(users)
      .set({ balance: sql`${users.balance} + ${placeholder('amount')}` })
      .where(eq(users.id, placeholder('userId')))
      .returning({ balance: users.balance, locale: users.locale })
      .prepare(name),
  );
  const rows = await add.execute({ userId, amount });
  signalBalanceChanged(userId);
  return rows[0] ?? null;
}

/** A ledger row named by its id, or by its cause (at most one row per cause). */
export type RowRef = number | LedgerCause;

type Sign = 'credit' | 'debit';
type Close = 'done' | 'rejected' | 'cancelled';

/** A pending row's closing UPDATE: `match` names it (by id or cause); only while pending. */
const closing = (tx: Tx, match: SQL | undefined, sign: Sign, to: Close) =>
  tx
    .update(transactions)
    .set({ status: to, settledAt: sql`now()` })
    .where(
      and(match, eq(transactions.status, 'pending'), sign === 'credit' ? gt(transactions.amount, 0n) : lt(transactions.amount, 0n)),
    );

/**
 * Move a pending row of the given sign to `to`. The `status = 'pending'` condition makes the
 * change happen at most once, also under concurrency; null means it was not pending (or is
 * not a row of that sign). Named by its cause, no look-up of its id comes first. Built once
 * per shape (by id or by cause, sign, outcome; issue 19).
 */
export async function closePendingRow(tx: Tx, ref: RowRef, sign: Sign, to: Close): Promise<TransactionRow | null> {
  const byId = typeof ref === 'number';
  // A cause without an id has no row.
  if (!byId && ref.id === null) return null;
  const close = preparedOnce(tx, `ledger close ${byId ? 'id' : 'cause'} ${sign} ${to}`, (name) =>
    closing(
      tx,
      byId
        ? eq(transactions.id, placeholder('id'))
        : and(eq(transactions.causeType, placeholder('causeType')), eq(transactions.causeId, placeholder('causeId'))),
      sign,
      to,
    )
      .returning()
      .prepare(name),
  );
  const rows = await close.execute(byId ? { id: ref } : { causeType: ref.type, causeId: ref.id });
  return rows[0] ?? null;
}

/**
 * A hold's settlement for a caller that marks the hold's cause in the same statement (a CTE
 * after that UPDATE, the cause's id `select id from <cte>`): its pending debit becomes done,
 * answering the row's id; nothing when it was not pending.
 */
export function settleHoldInStatement(tx: Tx, cause: CauseInStatement) {
  return closing(tx, and(eq(transactions.causeType, cause.type), eq(transactions.causeId, cause.id)), 'debit', 'done').returning({
    settledId: transactions.id,
  });
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

/** The constraint a hold breaks when the balance is short (`holdInStatement`). */
export const SHORT_BALANCE_CONSTRAINT = 'users_balance_non_negative';

/**
 * A hold as a CTE of one statement that also writes its cause and its ledger row (a keyed
 * withdrawal, issue 19): the balance of the customer `userId` (SQL of that statement) drops by
 * `amount`. No balance check in its WHERE, unlike `takeFromBalance`: a short balance breaks
 * `SHORT_BALANCE_CONSTRAINT`, which undoes the whole statement, so nothing else it wrote
 * stays. On PostgreSQL it locks the customer's row, and a concurrent hold waits and then
 * takes from the balance that one left. Answers the customer's id, new balance and language
 * (`heldRowInStatement` reads them). The caller signals the change (`signalBalanceChanged`).
 */
export const holdInStatement = (userId: SQL, amount: SQL) =>
  sql`update ${users} set balance = balance - ${amount} where id = ${userId} returning id, balance, locale`;

/**
 * The hold's pending ledger row, in the same statement: from the CTE named `held`
 * (`holdInStatement`) and the cause's CTE `cause` (its `id`), its text picked from
 * `descriptions` (a JSON object by locale, ledger `descriptionsByLocale`) in the customer's
 * language. A bare INSERT, so the statement's command is one (the pool's client then sends the
 * change feed's signals after it).
 */
export const heldRowInStatement = (held: string, cause: { type: LedgerCause['type']; table: string }, amount: SQL, kind: SQL, descriptions: SQL) =>
  sql`insert into ${transactions} (user_id, amount, status, kind, cause_type, cause_id, balance_after, description)
    select ${sql.identifier(held)}.id, -(${amount}), 'pending', ${kind}, ${cause.type}, ${sql.identifier(cause.table)}.id,
      ${sql.identifier(held)}.balance, (${descriptions}::jsonb ->> ${sql.identifier(held)}.locale::text)
    from ${sql.identifier(held)}, ${sql.identifier(cause.table)}`;
