// The ledger module's public surface: other modules import from here, never its files.
export { listTransactions, transactionChunk, transactionCsvColumns } from './list';
export { toTransactionJson } from './serialize';
export { credit, debit, hold, holdFor, pendingCredit, rejectCredit, releaseHold, type Release, rowForCause, settleCredit, settleHold } from './service';
export type { LedgerText } from './types';
