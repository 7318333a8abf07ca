import type { MessageKey, MessageValues, Minor, TransactionCauseType, TransactionKind } from '@iddesk/contract';

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
  /**
   * The entry's text as a catalogue key (`api.ledger.entry.*`): the ledger writes it in the
   * customer's language when it records the row, as notifications are (issue 18).
   */
  description: LedgerText;
};

export type LedgerText = { key: MessageKey; values?: MessageValues };
