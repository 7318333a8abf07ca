import { ConflictError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';
import type { TransactionRow } from '../../db/schema';
import type { Tx } from '../../db/types';
import {
  addToBalance,
  closePendingRow,
  lockUserRow,
  findRowByCause,
  insertRow,
  setBalanceAfter,
  takeFromBalance,
} from './repository';
import type { LedgerCause, LedgerMovement } from './types';

/**
 * The wallet ledger (DESIGN.md §3 money rules; docs/decisions/003-ledger-holds.md).
 *
 * Every function takes the caller's transaction handle: the ledger row, users.balance and
 * the business object that caused them (bill, withdrawal, request) commit or roll back
 * together. Invariant kept by every function: users.balance equals the sum of the user's
 * counting rows — done rows plus pending debits (holds) — and never goes below zero.
 */

function positive(movement: LedgerMovement): bigint {
  // A programming error, not user input: the contract refuses amounts <= 0 long before.
  if (movement.amount <= 0n) throw new Error(`Ledger amounts are positive, got ${movement.amount}`);
  return movement.amount;
}

async function spend(tx: Tx, movement: LedgerMovement): Promise<bigint> {
  const balance = await takeFromBalance(tx, movement.userId, positive(movement));
  if (balance === null) throw new ConflictError('INSUFFICIENT_BALANCE', t('api.ledger.insufficientBalance'));
  return balance;
}

async function receive(tx: Tx, userId: number, amount: bigint): Promise<bigint> {
  const balance = await addToBalance(tx, userId, amount);
  if (balance === null) throw new Error(`Ledger: user ${userId} does not exist`);
  return balance;
}

/** A pending row changes once; meeting it settled means two handlers raced, so refuse. */
function pendingOrConflict(row: TransactionRow | null): TransactionRow {
  if (!row) throw new ConflictError('ALREADY_HANDLED', t('api.ledger.alreadyHandled'));
  return row;
}

/** Hold: a pending debit, taken from the balance at once. 409 INSUFFICIENT_BALANCE if short. */
export async function hold(tx: Tx, movement: LedgerMovement): Promise<TransactionRow> {
  const balance = await spend(tx, movement);
  return insertRow(tx, { ...movement, amount: -movement.amount, status: 'pending', balanceAfter: balance, settled: false });
}

/** Approval of a held amount: the money is gone for good; the balance does not change again. */
export async function settleHold(tx: Tx, rowId: number): Promise<TransactionRow> {
  return pendingOrConflict(await closePendingRow(tx, rowId, 'debit', 'done'));
}

/** How a pending row ends without counting: refused by staff, or cancelled by the customer. */
export type Release = 'rejected' | 'cancelled';

/**
 * Rejection (or the customer's cancel, issue 17) of a held amount: the row becomes `rejected`
 * or `cancelled` (it no longer counts) and the amount returns to the balance, in the same
 * transaction, at most once.
 */
export async function releaseHold(tx: Tx, rowId: number, outcome: Release = 'rejected'): Promise<TransactionRow> {
  const row = pendingOrConflict(await closePendingRow(tx, rowId, 'debit', outcome));
  await receive(tx, row.userId, -row.amount);
  return row;
}

/** A credit that counts only once approved (add funds). The balance does not change yet. */
export async function pendingCredit(tx: Tx, movement: LedgerMovement): Promise<TransactionRow> {
  return insertRow(tx, { ...movement, amount: positive(movement), status: 'pending', balanceAfter: null, settled: false });
}

/** Approval of a pending credit: it counts from now on and the balance grows by it. */
export async function settleCredit(tx: Tx, rowId: number): Promise<TransactionRow> {
  const row = pendingOrConflict(await closePendingRow(tx, rowId, 'credit', 'done'));
  const balance = await receive(tx, row.userId, row.amount);
  return setBalanceAfter(tx, row.id, balance);
}

/** Rejection (or cancel) of a pending credit: it never counts; the balance is untouched. */
export async function rejectCredit(tx: Tx, rowId: number, outcome: Release = 'rejected'): Promise<TransactionRow> {
  return pendingOrConflict(await closePendingRow(tx, rowId, 'credit', outcome));
}

/**
 * Lock the customer's balance row until the transaction ends, before a check that reads their
 * other rows (the daily payout total, rule 8): concurrent calls of one customer then check one
 * after the other, each seeing what the one before committed.
 */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  if (!(await lockUserRow(tx, userId))) throw new Error(`Ledger: user ${userId} does not exist`);
}

/** An immediate credit: admin deposit now; ID withdraw/close approvals in issue 4. */
export async function credit(tx: Tx, movement: LedgerMovement): Promise<TransactionRow> {
  const balance = await receive(tx, movement.userId, positive(movement));
  return insertRow(tx, { ...movement, amount: movement.amount, status: 'done', balanceAfter: balance, settled: true });
}

/** An immediate debit (admin withdraw). Never overdraws: 409 INSUFFICIENT_BALANCE if short. */
export async function debit(tx: Tx, movement: LedgerMovement): Promise<TransactionRow> {
  const balance = await spend(tx, movement);
  return insertRow(tx, { ...movement, amount: -movement.amount, status: 'done', balanceAfter: balance, settled: true });
}

/** The ledger row of a bill, withdrawal, user ID or request (at most one per cause). */
export async function rowForCause(tx: Tx, cause: LedgerCause): Promise<TransactionRow> {
  const row = await findRowByCause(tx, cause);
  if (!row) throw new Error(`Ledger: no row for ${cause.type} ${cause.id}`);
  return row;
}
