import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';
import { onLocaleChange } from '../lib/i18n';

/** Client errors (4xx) are answers, not glitches: only network and server failures retry once. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// The server writes its texts (ledger lines, notifications, messages) in the language a call
// asks for: a change of language fetches what is shown again, so no page mixes the two.
onLocaleChange(() => void queryClient.invalidateQueries());
