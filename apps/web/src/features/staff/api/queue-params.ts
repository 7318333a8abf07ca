import type { Idempotent } from '../../../lib/api-client';

/** The page and filter of a staff queue (bills, withdrawals, ID requests, new IDs, a ledger). */
export type QueueParams = { pending: boolean; page: number };

/** An admin's decision on one pending item: its id, the body, the confirmed submit's key. */
export type Decision<B = null> = { id: number } & (B extends null ? unknown : { body: B }) &
  Idempotent;
