import { type PaymentType, WALLET_API } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions } from '../../../lib/page-query';
import { QUERY_KEYS } from '../../../lib/query-keys';

/**
 * The active payment types customers pay to. More than one domain takes payments (add funds,
 * ID creation and deposits): the others take it through the wallet's index.ts.
 */
export const paymentTypesQueryOptions = () =>
  itemQueryOptions<PaymentType[]>(WALLET_API.paymentTypes, QUERY_KEYS.paymentTypes);

export function usePaymentTypes() {
  return useQuery(paymentTypesQueryOptions());
}
