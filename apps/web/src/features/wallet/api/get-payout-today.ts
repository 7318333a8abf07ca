import { type PayoutToday, WALLET_API } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions } from '../../../lib/page-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/**
 * `GET /withdraw/today`: the caller's withdrawals of today against the daily payout total.
 * Under the transactions' key, so whatever refreshes them (a withdrawal sent or cancelled, a
 * notification that staff decided one) refreshes this too.
 */
export const payoutTodayQueryOptions = () =>
  itemQueryOptions<PayoutToday>(WALLET_API.withdrawToday, [...QUERY_KEYS.transactions, 'payout-today']);

export function usePayoutToday() {
  return useQuery(payoutTodayQueryOptions()).data;
}
