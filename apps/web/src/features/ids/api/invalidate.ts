import { QUERY_KEYS } from '../../../lib/query-keys';
import { useRefetch } from '../../../lib/use-refetch';

/**
 * After any request on an ID: the balance in the side menu (a wallet payment holds money at
 * once), the wallet ledger, and the customer's IDs with their histories.
 */
export const useInvalidateAfterIdAction = () =>
  useRefetch(QUERY_KEYS.passport, QUERY_KEYS.transactions, QUERY_KEYS.userIds);
