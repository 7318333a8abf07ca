import { type NotificationPage, NOTIFICATIONS_API, PAGE_SIZE } from '@iddesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

/** `GET /notifications?page&perPage`: the caller's, newest first, with the unread count. */
export const getNotifications = (page: number, signal?: AbortSignal) =>
  apiRequest<NotificationPage>(NOTIFICATIONS_API.list, {
    method: 'GET',
    query: { page, perPage: PAGE_SIZE },
    signal,
  });

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, { page }],
    queryFn: async ({ signal }) => (await getNotifications(page, signal)).data,
    placeholderData: keepPreviousData,
  });

export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page));
}
