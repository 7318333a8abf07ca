import { type Paginated, type Transaction, type TransactionKind, WALLET_API } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../lib/page-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** What the customer narrows their ledger to (issue 56): one kind, days from/to (ISO). */
export type TransactionFilter = { kind?: TransactionKind | undefined; from?: string | undefined; to?: string | undefined };

/** `pending` undefined: every movement; true: the open ones; false: done and rejected. */
export type TransactionsParams = { pending?: boolean; page: number; filter?: TransactionFilter };

/** The filter as the API and the statement take it: only the fields that are set. */
export const filterQuery = (filter: TransactionFilter = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));

/** `GET /transactions?page&perPage&pending&kind&from&to`: the caller's ledger, newest first. */
export const transactionsQueryOptions = ({ filter, ...params }: TransactionsParams) =>
  pageQueryOptions<Paginated<Transaction>>(
    WALLET_API.transactions,
    [...QUERY_KEYS.transactions, params, filterQuery(filter)],
    { ...params, query: filterQuery(filter) },
  );

export function useTransactions(params: TransactionsParams) {
  return useQuery(transactionsQueryOptions(params));
}
