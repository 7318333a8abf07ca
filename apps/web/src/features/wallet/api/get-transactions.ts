import { PAGE_SIZE, type Paginated, type Transaction, WALLET_API } from '@iddesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

export type TransactionsParams = { pending: boolean; page: number };

/** `GET /transactions?page&perPage&pending`: the caller's ledger, newest first. */
export const getTransactions = ({ pending, page }: TransactionsParams, signal?: AbortSignal) =>
  apiRequest<Paginated<Transaction>>(WALLET_API.transactions, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE, pending: pending ? 1 : 0 },
    signal,
  });

export const transactionsQueryOptions = (params: TransactionsParams) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.transactions, params],
    queryFn: async ({ signal }) => (await getTransactions(params, signal)).data,
    placeholderData: keepPreviousData,
  });

export function useTransactions(params: TransactionsParams) {
  return useQuery(transactionsQueryOptions(params));
}
