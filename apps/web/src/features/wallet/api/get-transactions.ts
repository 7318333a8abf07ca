import { type Paginated, type Transaction, WALLET_API } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../lib/page-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `pending` undefined: every movement; true: the open ones; false: done and rejected. */
export type TransactionsParams = { pending?: boolean; page: number };

/** `GET /transactions?page&perPage&pending`: the caller's ledger, newest first. */
export const transactionsQueryOptions = (params: TransactionsParams) =>
  pageQueryOptions<Paginated<Transaction>>(
    WALLET_API.transactions,
    [...QUERY_KEYS.transactions, params],
    params,
  );

export function useTransactions(params: TransactionsParams) {
  return useQuery(transactionsQueryOptions(params));
}
