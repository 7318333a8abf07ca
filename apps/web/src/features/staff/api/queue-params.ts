import type { ApiResponse, Idempotent } from '../../../lib/api-client';

/**
 * The page, filters and order of a staff list (bills, withdrawals, ID requests, new IDs, a
 * ledger): `query` holds the filters and `sort` as the API names them, read from the page URL.
 */
export type QueueParams = { pending?: boolean; page: number; query?: Record<string, string> };

/** An admin's decision on one pending item: its id, the body, the confirmed submit's key. */
export type Decision<B = null> = { id: number } & (B extends null ? unknown : { body: B }) &
  Idempotent;

/** How a decision panel sends its form (with the confirmed submit's key), and what follows. */
export type DecisionSubmit<V> = {
  submit: (values: V, idempotencyKey: string) => Promise<ApiResponse<unknown>>;
  onDone: () => unknown;
};
