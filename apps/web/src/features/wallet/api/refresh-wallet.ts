import { QUERY_KEYS } from '../../../lib/query-keys';
import { useRefetch } from '../../../lib/use-refetch';

/** After a customer's money call: the balance and the transactions refetch. */
export const useRefreshWallet = () => useRefetch(QUERY_KEYS.passport, QUERY_KEYS.transactions);
