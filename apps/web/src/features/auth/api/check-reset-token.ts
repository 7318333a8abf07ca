import type { ResetCheckResultSchema } from '@iddesk/contract';
import { PASSWORD_RESET_API } from '@iddesk/contract';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /update/password/check`: 422 when the link is unknown, used, expired or replaced. */
export const checkResetToken = (token: string, signal?: AbortSignal) =>
  apiRequest<z.output<typeof ResetCheckResultSchema>>(PASSWORD_RESET_API.check, {
    method: 'POST',
    body: { token },
    signal,
  });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token],
    queryFn: async ({ signal }) => (await checkResetToken(token, signal)).data,
    // A refused link stays refused; a new answer needs a new link.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export function useResetToken(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}
