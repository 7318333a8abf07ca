import { formatAmount, type Transaction } from '@iddesk/contract';
import type { TransactionRow } from '../../db/schema';
import { t } from '../../lib/i18n';

/**
 * An entry's text as `t` marks it, written in the reader's language when the answer is sent
 * (docs/product.md#language); a row from before its key was kept (migration 0036), its
 * stored text.
 */
export const ledgerText = (row: Pick<TransactionRow, 'description' | 'descriptionKey' | 'descriptionValues'>): string =>
  row.descriptionKey === null ? row.description : t(row.descriptionKey, row.descriptionValues ?? undefined);

export function toTransactionJson(row: TransactionRow): Transaction {
  return {
    id: row.id,
    amount: formatAmount(row.amount),
    status: row.status,
    kind: row.kind,
    description: ledgerText(row),
    cause_type: row.causeType,
    cause_id: row.causeId,
    balance_after: row.balanceAfter === null ? null : formatAmount(row.balanceAfter),
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt === null ? null : row.settledAt.toISOString(),
  };
}
