import { TELEGRAM_API, type TelegramLink, type TelegramStatus } from '@iddesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemQueryOptions } from '../../../lib/page-query';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { useRefetchingMutation } from '../../../lib/refetching-mutation';

export const telegramQueryKey = QUERY_KEYS.telegram;

export const telegramQueryOptions = () => itemQueryOptions<TelegramStatus>(TELEGRAM_API.status, telegramQueryKey);

/**
 * The caller's Telegram link; `pollMs` while a link waits for its /start in the bot (the bot
 * links the chat on the server, so only asking again tells this page).
 */
export function useTelegram(pollMs: number | false = false) {
  return useQuery({ ...telegramQueryOptions(), refetchInterval: pollMs });
}

export const createTelegramLink = () => apiRequest<TelegramLink>(TELEGRAM_API.link, { method: 'POST' });

export const unlinkTelegram = () => apiRequest<null>(TELEGRAM_API.unlink, { method: 'POST' });

/** A new one-time link to the bot (an older one stops working). */
export const useCreateTelegramLink = () => useMutation({ mutationFn: createTelegramLink });

/** Unlink the chat; the status reloads. */
export const useUnlinkTelegram = () => useRefetchingMutation(unlinkTelegram, telegramQueryKey, 'settled');
