import { AUTH_CHECK_DELAY_MS } from '@iddesk/contract';
import { runAction } from '../lib/action';
import { session } from '../lib/session';
import { siteSettingsQueryOptions } from '../features/site/site-settings';
import { checkExists } from '../features/auth/api/check-exists';
import { queryClient } from './query-client';
import { installRouteProgress } from './shell/route-progress';
import { routerRef } from './router-ref';
import { shellState } from './shell-state';
import { signOut, watchExpiredSession } from './sign-out';
import { primeSession } from './session-poll';
import { loadMarque, reloadUserInfo } from './user-info';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function checkAuth() {
  if (!session.token()) {
    // Not authenticated: fetching is cleared at once.
    session.setAuthenticated(false);
    return;
  }
  const exists = await runAction(checkExists, { successNotify: false });
  if (!exists.ok) return; // The wrapper has shown the error toast.
  if (!exists.data.status) {
    await signOut(exists.data.blocked ? 'blocked' : null);
    return;
  }
  session.setAuthenticated(true);
  await reloadUserInfo();
  // Polling starts from here: notifications that already exist never toast.
  await primeSession();
}

/**
 * The shell's listeners: a 401 ends the session and goes to login, navigations drive the
 * progress bar (a signed-in session adds the audio unlock, `session-poll.ts`). main.tsx installs them once, in the task that
 * creates the router, before any answer to its first loaders can arrive and before
 * `startApp`.
 */
export function installShellListeners(): void {
  watchExpiredSession();
  installRouteProgress(routerRef.get());
}

let started: Promise<void> | null = null;

/** The startup sequence of docs/product.md#startup. Runs once per page load. */
export function startApp(): Promise<void> {
  started ??= (async () => {
    shellState.set({ fetching: true, started: false });
    void loadMarque();
    // Contacts for the header and bottom bar, fetched alongside; a failure is retried by the
    // components that need them, so it stays quiet here.
    void queryClient.prefetchQuery(siteSettingsQueryOptions());
    await delay(AUTH_CHECK_DELAY_MS);
    try {
      await checkAuth();
    } finally {
      shellState.set({ fetching: false, started: true });
    }
  })();
  return started;
}
