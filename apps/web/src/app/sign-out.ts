import { ROUTES } from '@iddesk/contract';
import { runAction } from '../lib/action';
import { session } from '../lib/session';
import { logout } from '../features/auth/api/logout';
import { queryClient } from './query-client';
import { routerRef } from './router-ref';

/** SPEC.md §4: run the logout call, then go to the login route. */
export async function signOut() {
  if (session.token()) await runAction(logout);
  session.clear();
  await routerRef.get().navigate(ROUTES.login, { replace: true });
  queryClient.clear();
}

/** A 401 on a request that carried a token: the session is already cleared, go to login. */
export function watchExpiredSession() {
  return session.onExpired(() => {
    queryClient.clear();
    const router = routerRef.get();
    if (router.state.location.pathname !== ROUTES.login) {
      void router.navigate(ROUTES.login, { replace: true });
    }
  });
}
