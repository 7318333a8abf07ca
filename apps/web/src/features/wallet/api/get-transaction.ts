import { type Transaction, WALLET_API } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUERY_KEYS } from '../../../lib/query-keys';

/** `GET /transactions/:id`: one of the caller's movements, for its receipt (issue 56). */
export function useTransaction(id: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.transactions, 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest<Transaction>(WALLET_API.transaction(id), { method: 'GET', signal })).data,
  });
}
