import {
  type AdminUserDetail,
  type AdminUserListItem,
  PAGE_SIZE,
  type Paginated,
  type Transaction,
  WALLET_API,
} from '@iddesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Idempotent, postMoney } from '../../../../lib/api-client';
import { itemQueryOptions, pageQueryOptions } from '../../../../lib/page-query';
import { adminKeys, type QueueParams, useAdminMutation } from '../../../staff';

export type UsersParams = { search: string; blocked: boolean | null; page: number };

/** `POST /admin/users?page&perPage` with the filter in the body. */
export const getUsers = ({ search, blocked, page }: UsersParams, signal?: AbortSignal) =>
  apiRequest<Paginated<AdminUserListItem>>(WALLET_API.adminUsers, {
    method: 'POST',
    query: { page, perPage: PAGE_SIZE },
    body: {
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(blocked === null ? {} : { blocked }),
    },
    signal,
  });

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: async ({ signal }) => (await getUsers(params, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersParams) => useQuery(usersQueryOptions(params));

/** `GET /admin/users/{id}`: the user with balance, holds and counts. */
export const useUser = (id: number) =>
  useQuery(itemQueryOptions<AdminUserDetail>(WALLET_API.adminUser(id), adminKeys.user(id)));

/** `GET /admin/users/{id}/block` or `/unblock`. */
export const setUserBlocked = ({ id, blocked }: { id: number; blocked: boolean }) =>
  apiRequest<AdminUserDetail>(
    blocked ? WALLET_API.adminUserBlock(id) : WALLET_API.adminUserUnblock(id),
    { method: 'GET' },
  );

export const useSetUserBlocked = () => useAdminMutation(setUserBlocked);

/** `GET /admin/users/{id}/transactions?page&perPage&pending` with the desk's filters and order. */
export const useUserTransactions = (id: number, params: QueueParams) =>
  useQuery(
    pageQueryOptions<Paginated<Transaction>>(
      WALLET_API.adminUserTransactions(id),
      adminKeys.userTransactions(id, params),
      params,
    ),
  );

/** The first page of every ledger row of the user (pending and done), newest first. */
export const useRecentTransactions = (id: number) => useUserTransactions(id, { page: 1 });

export type BalanceChangeInput = {
  direction: 'deposit' | 'withdraw';
  user_id: number;
  /** Wire format. */
  amount: string;
  comment: string;
};

/** `POST /admin/deposit/create` or `/admin/withdraw/create`: a manual ledger row. */
export const changeBalance = ({
  direction,
  idempotencyKey,
  ...body
}: BalanceChangeInput & Idempotent) =>
  postMoney<Transaction>(
    direction === 'deposit' ? WALLET_API.adminDepositCreate : WALLET_API.adminWithdrawCreate,
    body,
    idempotencyKey,
  );

export const useChangeBalance = () => useAdminMutation(changeBalance);
