import { type Bill, WALLET_API } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchingMutation } from '../../../lib/refetching-mutation';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `POST /bills/{id}/cancel`: the customer withdraws a top-up the desk has not handled yet. */
export const cancelBill = (id: number) =>
  apiRequest<Bill>(WALLET_API.billCancel(id), { method: 'POST', idempotent: true });

/** Refreshed either way: a refusal (409) means the desk handled it meanwhile. */
export const useCancelBill = () =>
  useRefetchingMutation(cancelBill, QUERY_KEYS.transactions, 'settled');
