import { formatAmount, type Transaction } from '@iddesk/contract';
import type { TransactionRow } from '../../db/schema';

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
