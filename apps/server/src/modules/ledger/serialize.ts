import { formatAmount, type Transaction } from '@iddesk/contract';
import { sql } from 'drizzle-orm';
import type { RawRow } from '../../db/prepared';
import { transactions, type TransactionRow } from '../../db/schema';

export function toTransactionJson(row: TransactionRow): Transaction {
  return {
    id: row.id,
    amount: formatAmount(row.amount),
    status: row.status,
    kind: row.kind,
    description: row.description,
    cause_type: row.causeType,
    cause_id: row.causeId,
    balance_after: row.balanceAfter === null ? null : formatAmount(row.balanceAfter),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The columns `transactionJsonOfText` reads, in this order, for a statement answered as text
 * (db/prepared.ts). `created_at` is written as `Date#toISOString` writes it (milliseconds, UTC),
 * so the page needs no Date at all.
 */
export const transactionTextColumns = {
  id: transactions.id,
  amount: transactions.amount,
  status: transactions.status,
  kind: transactions.kind,
  description: transactions.description,
  causeType: transactions.causeType,
  causeId: transactions.causeId,
  balanceAfter: transactions.balanceAfter,
  createdAt: sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** Where a statement that selects `transactionTextColumns` first puts its next column. */
export const TRANSACTION_TEXT_TOTAL = Object.keys(transactionTextColumns).length;

/** `toTransactionJson` of a row selected with `transactionTextColumns`. */
export function transactionJsonOfText(row: RawRow): Transaction {
  const balanceAfter = row[7] ?? null;
  const causeId = row[6] ?? null;
  return {
    id: Number(row[0]),
    amount: formatAmount(BigInt(row[1]!)),
    status: row[2] as Transaction['status'],
    kind: row[3] as Transaction['kind'],
    description: row[4]!,
    cause_type: row[5] as Transaction['cause_type'],
    cause_id: causeId === null ? null : Number(causeId),
    balance_after: balanceAfter === null ? null : formatAmount(BigInt(balanceAfter)),
    created_at: row[8]!,
  };
}
