import type { Minor, TransactionCauseType, TransactionKind } from '@iddesk/contract';

/** What a ledger row is about. `id` is null only for manual admin changes. */
export type LedgerCause = { type: TransactionCauseType; id: number | null };

/**
 * One movement to record. `amount` is always positive: the ledger function decides the sign
 * (hold and debit write negative rows, pendingCredit and credit positive ones).
 */
export type LedgerMovement = {
  userId: number;
  amount: Minor;
  kind: TransactionKind;
  cause: LedgerCause;
  description: string;
};
