/** The page and filter of a staff queue (bills, withdrawals, ID requests, new IDs, a ledger). */
export type QueueParams = { pending: boolean; page: number };
