import { QUERY_KEYS } from '../../../lib/query-keys';

/** Admin query keys; every admin action invalidates `all`, which is cheap and never stale. */
export const adminKeys = {
  all: QUERY_KEYS.admin,
  bills: (params: object) => [...QUERY_KEYS.admin, 'bills', params] as const,
  bill: (id: number) => [...QUERY_KEYS.admin, 'bill', id] as const,
  withdrawals: (params: object) => [...QUERY_KEYS.admin, 'withdrawals', params] as const,
  withdrawal: (id: number) => [...QUERY_KEYS.admin, 'withdrawal', id] as const,
  users: (params: object) => [...QUERY_KEYS.admin, 'users', params] as const,
  user: (id: number) => [...QUERY_KEYS.admin, 'user', id] as const,
  userTransactions: (id: number, params: object) =>
    [...QUERY_KEYS.admin, 'user', id, 'transactions', params] as const,
  paymentTypes: [...QUERY_KEYS.admin, 'payment-types'] as const,
  staff: [...QUERY_KEYS.admin, 'staff'] as const,
  catalogue: [...QUERY_KEYS.admin, 'catalogue'] as const,
  catalogueItem: (id: number) => [...QUERY_KEYS.admin, 'catalogue', id] as const,
  userIds: (params: object) => [...QUERY_KEYS.admin, 'user-ids', params] as const,
  userId: (id: number) => [...QUERY_KEYS.admin, 'user-id', id] as const,
  idRequests: (params: object) => [...QUERY_KEYS.admin, 'id-requests', params] as const,
  idRequest: (id: number) => [...QUERY_KEYS.admin, 'id-request', id] as const,
  history: (type: string, id: number) => [...QUERY_KEYS.admin, 'history', type, id] as const,
  audit: (params: object) => [...QUERY_KEYS.admin, 'audit', params] as const,
  dashboard: [...QUERY_KEYS.admin, 'dashboard'] as const,
  userIdsOf: (userId: number, params: object) =>
    [...QUERY_KEYS.admin, 'user', userId, 'ids', params] as const,
  requestsOf: (userId: number, params: object) =>
    [...QUERY_KEYS.admin, 'user', userId, 'requests', params] as const,
};
