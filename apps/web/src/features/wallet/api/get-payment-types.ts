import { type PaymentType, WALLET_API } from '@iddesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/**
 * The active payment types customers pay to. More than one domain takes payments (add funds,
 * ID creation and deposits): the others take it through the wallet's index.ts.
 */
export const getPaymentTypes = (signal?: AbortSignal) =>
  apiRequest<PaymentType[]>(WALLET_API.paymentTypes, {
    method: 'GET',
    signal,
  });

export const paymentTypesQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.paymentTypes,
    queryFn: async ({ signal }) => (await getPaymentTypes(signal)).data,
  });

export function usePaymentTypes() {
  return useQuery(paymentTypesQueryOptions());
}
