import { ROUTES } from '@iddesk/contract';
import { runAction } from '../lib/action';
import { session, type SessionEnd } from '../lib/session';
import { logout } from '../features/auth/api/logout';
import { queryClient } from './query-client';
import { routerRef } from './router-ref';

/**
 * docs/product.md#while-signed-in: run the logout call, then go to the login route. `ended`: the session had already
 * ended on the server (startup found the account blocked), for the login page to say why.
 */
export async function signOut(ended: SessionEnd | null = null) {
  if (session.token() && !ended) await runAction(logout);
  session.clear(ended);
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
