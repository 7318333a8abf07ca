import { ConflictError } from '../../errors/app-errors';
import { t, translateIn } from '../../lib/i18n';
import type { TransactionRow } from '../../db/schema';
import type { Tx } from '../../db/types';
import { addToBalance, closePendingRow, findRowByCause, insertRow, setBalanceAfter, takeFromBalance } from './repository';
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

/**
 * The entry's key and values, which every reader's text is written from when read
 * (`ledgerText`), and its text in the customer's language now, which staff search.
 */
const described = <M extends Pick<LedgerMovement, 'description'>>(movement: M, { locale }: Pick<Account, 'locale'>) => {
  const { key, values = {} } = movement.description;
  return { ...movement, description: { text: translateIn(locale, key, values), key, values } };
};

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
 * A hold whose cause is written after the money is taken (a withdrawal): the balance drops
 * first, which also locks the customer's row until the transaction ends, so `writeCause`
 * reads their other rows (the daily payout total, rule 8) one concurrent call after the
 * other, each seeing what the one before committed. `writeCause` writes the cause and answers
 * it; it throws to refuse, and the transaction then rolls the balance back. Short: 409
 * INSUFFICIENT_BALANCE before `writeCause` runs.
 */
export async function holdFor<T extends { id: number }>(
  tx: Tx,
  { causeType, ...movement }: Omit<LedgerMovement, 'cause'> & { causeType: LedgerCause['type'] },
  writeCause: () => Promise<T>,
): Promise<T> {
  const account = await spend(tx, movement);
  const cause = await writeCause();
  await insertRow(tx, {
    ...described(movement, account),
    cause: { type: causeType, id: cause.id },
    amount: -movement.amount,
    status: 'pending',
    balanceAfter: account.balance,
    settled: false,
  });
  return cause;
}

/**
 * Approval of a held amount: the money is gone for good; the balance does not change again.
 * The row is named by its id or by its cause (one statement either way).
 */
export async function settleHold(tx: Tx, row: RowRef): Promise<TransactionRow> {
  return pendingOrConflict(await closePendingRow(tx, row, 'debit', 'done'));
}

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
 * A pending credit (add funds): it does not count, and has no balance after it, until staff
 * approve it (`settleCredit`). Its text is in the customer's language, `locale`.
 */
export async function pendingCredit(tx: Tx, movement: LedgerMovement, { locale }: Pick<Account, 'locale'>): Promise<TransactionRow> {
  return insertRow(tx, { ...described(movement, { locale }), amount: positive(movement), status: 'pending', balanceAfter: null, settled: false });
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
