// The ledger module's public surface: other modules import from here, never its files.
export { listTransactions, transactionChunk, transactionCsvColumns } from './list';
export { toTransactionJson } from './serialize';
export { credit, debit, descriptionsByLocale, hold, holdFor, type PendingEntry, pendingCreditEntry, rejectCredit, releaseHold, type Release, rowForCause, settleCredit, settleHold, settleInStatement, shortBalanceRefusal } from './service';
export type { LedgerText } from './types';
export { heldRowInStatement, holdInStatement, SHORT_BALANCE_CONSTRAINT } from './repository';
