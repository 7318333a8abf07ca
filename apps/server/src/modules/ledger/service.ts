import { LOCALES } from '@iddesk/contract';
import { inOneWrite } from '../../db/plan-cache';
import { ConflictError } from '../../errors/app-errors';
import { t, translateIn } from '../../lib/i18n';
import type { TransactionRow } from '../../db/schema';
import type { Tx } from '../../db/types';
import {
  addToBalance,
  closePendingRow,
  findRowByCause,
  type HeldRow,
  heldRowInsert,
  type PendingRow,
  pendingRowInsert,
  insertRow,
  setBalanceAfter,
  SHORT_BALANCE_CONSTRAINT,
  settleHoldInStatement,
  takeFromBalance,
} from './repository';
import type { Account, RowRef } from './repository';
import type { LedgerCause, LedgerMovement } from './types';

/**
 * The wallet ledger (docs/product.md#money-rules; docs/decisions/003-ledger-holds.md).
 *
 * Every function takes the caller's transaction handle: the ledger row, users.balance and
 * the business object that caused them (bill, withdrawal, request) commit or roll back
 * together. Invariant kept by every function: users.balance equals the sum of the user's
 * counting rows — done rows plus pending debits (holds) — and never goes below zero.
 */

function positive(movement: Pick<LedgerMovement, 'amount'>): bigint {
  // A programming error, not user input: the contract refuses amounts <= 0 long before.
  if (movement.amount <= 0n) throw new Error(`Ledger amounts are positive, got ${movement.amount}`);
  return movement.amount;
}

/**
 * The 409 of a hold written inside a larger statement (repository holdInStatement) that broke
 * the balance's constraint, or null when `error` is something else.
 */
export function shortBalanceRefusal(error: unknown): ConflictError | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23514' && constraint === SHORT_BALANCE_CONSTRAINT ? insufficientBalance() : null;
}

const insufficientBalance = () => new ConflictError('INSUFFICIENT_BALANCE', t('api.ledger.insufficientBalance'));

/** The account a take left, or the 409 when the balance was short (the take changed nothing). */
function taken(account: Account | null): Account {
  if (account === null) throw insufficientBalance();
  return account;
}

async function spend(tx: Tx, movement: Pick<LedgerMovement, 'userId' | 'amount'>): Promise<Account> {
  return taken(await takeFromBalance(tx, movement.userId, positive(movement)));
}

async function receive(tx: Tx, userId: number, amount: bigint): Promise<Account> {
  const account = await addToBalance(tx, userId, amount);
  if (account === null) throw new Error(`Ledger: user ${userId} does not exist`);
  return account;
}

/** The entry's text in the customer's language, fixed when the row is written (issue 18). */
const described = <M extends Pick<LedgerMovement, 'description'>>(movement: M, { locale }: Pick<Account, 'locale'>) => ({
  ...movement,
  description: translateIn(locale, movement.description.key, movement.description.values),
});

/** A ledger text in every language, a JSON object by locale, for a row whose language its statement picks. */
export const descriptionsByLocale = ({ key, values }: LedgerMovement['description']): string =>
  JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, translateIn(locale, key, values)])));

/** A pending row changes once; meeting it settled means two handlers raced, so refuse. */
function pendingOrConflict(row: TransactionRow | null): TransactionRow {
  if (!row) throw new ConflictError('ALREADY_HANDLED', t('api.ledger.alreadyHandled'));
  return row;
}

/** Hold: a pending debit, taken from the balance at once. 409 INSUFFICIENT_BALANCE if short. */
export async function hold(tx: Tx, movement: LedgerMovement): Promise<TransactionRow> {
  const account = await spend(tx, movement);
  return insertRow(tx, { ...described(movement, account), amount: -movement.amount, status: 'pending', balanceAfter: account.balance, settled: false });
}

/**
 * A pending ledger row (a hold, or a pending credit) for the caller to write in the statement
 * that writes the row's cause: `insert` builds the row's INSERT for that statement (give it the
 * cause, its id as SQL of that statement, `select id from <cte>`) with its values as
 * placeholders, so the caller can build the statement once (plan-cache preparedOnce); `values`
 * fills them.
 */
export type PendingEntry = { insert: typeof pendingRowInsert; values: PendingRow | HeldRow };

/** The entry of a pending row of `amount` (signed), in `account`'s language. */
const pendingEntry = (
  movement: Omit<LedgerMovement, 'cause'>,
  amount: bigint,
  account: Pick<Account, 'locale'> & { balance?: bigint },
): PendingEntry => ({
  insert: pendingRowInsert,
  values: {
    entryUserId: movement.userId,
    entryAmount: amount,
    entryKind: movement.kind,
    entryBalanceAfter: account.balance ?? null,
    entryDescription: described(movement, account).description,
  },
});

/**
 * A hold whose cause is written after the money is taken (a withdrawal): the balance drops
 * first, which also locks the customer's row until the transaction ends, so `writeCause`
 * reads their other rows (the daily payout total, rule 8) one concurrent call after the
 * other, each seeing what the one before committed. `writeCause` writes the cause and, in the
 * same statement, the ledger row `entry` builds (a CTE); it throws to refuse, and the
 * transaction then rolls the balance back. Two statements in all, where a separate row lock,
 * the cause and the ledger row took four; and one write (issue 19, plan-cache `inOneWrite`):
 * the cause's statement leaves with the hold, before the hold's answer, and PostgreSQL runs it
 * after the hold, under its lock. Its ledger row reads the balance after and the language from
 * the customer's row (`heldRowInsert`). If the hold found the balance short, the cause was
 * written all the same and the refusal rolls it back; a refusal of `writeCause` (over the
 * day's total) wins over a short balance, as the 422 naming the limit did before.
 */
export async function holdFor<T>(
  tx: Tx,
  movement: Omit<LedgerMovement, 'cause'>,
  writeCause: (entry: PendingEntry) => Promise<T>,
): Promise<T> {
  const entry: PendingEntry = {
    insert: heldRowInsert,
    values: {
      entryUserId: movement.userId,
      entryAmount: -positive(movement),
      entryKind: movement.kind,
      entryDescriptions: descriptionsByLocale(movement.description),
    },
  };
  const [account, written] = await inOneWrite(
    tx,
    () => takeFromBalance(tx, movement.userId, positive(movement)),
    () => writeCause(entry),
  );
  taken(account);
  return written;
}

/**
 * Approval of a held amount: the money is gone for good; the balance does not change again.
 * The row is named by its id or by its cause (one statement either way).
 */
export async function settleHold(tx: Tx, row: RowRef): Promise<TransactionRow> {
  return pendingOrConflict(await closePendingRow(tx, row, 'debit', 'done'));
}

/**
 * Approval of a held amount in the statement that marks its cause (a withdrawal's decision):
 * `statement` builds the settlement's CTE; the caller hands `settled`, whether it closed a row,
 * back, and a hold that was not pending is the same 409 as `settleHold`'s. One round trip fewer.
 */
export const settleInStatement = {
  statement: settleHoldInStatement,
  confirm(settled: boolean): void {
    if (!settled) pendingOrConflict(null);
  },
};

/** How a pending row ends without counting: refused by staff, or cancelled by the customer. */
export type Release = 'rejected' | 'cancelled';

/**
 * Rejection (or the customer's cancel, issue 17) of a held amount: the row becomes `rejected`
 * or `cancelled` (it no longer counts) and the amount returns to the balance, in the same
 * transaction, at most once.
 */
export async function releaseHold(tx: Tx, ref: RowRef, outcome: Release = 'rejected'): Promise<TransactionRow> {
  const row = pendingOrConflict(await closePendingRow(tx, ref, 'debit', outcome));
  await receive(tx, row.userId, -row.amount);
  return row;
}

/**
 * The ledger row of a pending credit (add funds) for the caller to write in the statement that
 * writes its cause, as `holdFor` hands a hold's (`PendingEntry`): the cause and its row are one
 * round trip (issue 19). The row's text is in `account`'s language.
 */
export function pendingCreditEntry(movement: Omit<LedgerMovement, 'cause'>, { locale }: Pick<Account, 'locale'>): PendingEntry {
  // No balance after it: a pending credit counts once approved.
  return pendingEntry(movement, positive(movement), { locale });
}

/** Approval of a pending credit: it counts from now on and the balance grows by it. */
export async function settleCredit(tx: Tx, rowId: number): Promise<TransactionRow> {
  const row = pendingOrConflict(await closePendingRow(tx, rowId, 'credit', 'done'));
  const { balance } = await receive(tx, row.userId, row.amount);
  return setBalanceAfter(tx, row.id, balance);
}

/** Rejection (or cancel) of a pending credit: it never counts; the balance is untouched. */
export async function rejectCredit(tx: Tx, rowId: number, outcome: Release = 'rejected'): Promise<TransactionRow> {
  return pendingOrConflict(await closePendingRow(tx, rowId, 'credit', outcome));
}

/** An immediate credit: admin deposit now; ID withdraw/close approvals in issue 4. */
export async function credit(tx: Tx, movement: LedgerMovement): Promise<TransactionRow> {
  const account = await receive(tx, movement.userId, positive(movement));
  return insertRow(tx, { ...described(movement, account), amount: movement.amount, status: 'done', balanceAfter: account.balance, settled: true });
}

/** An immediate debit (admin withdraw). Never overdraws: 409 INSUFFICIENT_BALANCE if short. */
export async function debit(tx: Tx, movement: LedgerMovement): Promise<TransactionRow> {
  const account = await spend(tx, movement);
  return insertRow(tx, { ...described(movement, account), amount: -movement.amount, status: 'done', balanceAfter: account.balance, settled: true });
}

/** The ledger row of a bill, withdrawal, user ID or request (at most one per cause). */
export async function rowForCause(tx: Tx, cause: LedgerCause): Promise<TransactionRow> {
  const row = await findRowByCause(tx, cause);
  if (!row) throw new Error(`Ledger: no row for ${cause.type} ${cause.id}`);
  return row;
}
