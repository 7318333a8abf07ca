import { POLL_INTERVAL_MS } from '@iddesk/contract';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenLoader } from '../../components/ui/full-screen-loader';
import { useSession } from '../../lib/session';
import { documentTitle } from '../../lib/site-config';
import { common } from '../../lib/i18n-common';
import type { PageTitleKey } from '../routes/pages';
import { useSiteSettings } from '../../features/site/site-settings';
import { usePolling } from '../../lib/use-polling';
import { resetFeed } from '../../features/notifications/feed-store';
import { AuthLayout } from '../layouts/auth-layout';
import { SiteLayout } from '../layouts/site-layout';
import { useRouteHandle } from '../route-handle';
import { useShellState } from '../shell-state';
import { pollSession, primeSession, resetQueueAlerts } from '../session-poll';

/** Admins only: a guest's first load never downloads the admin header. */
const AdminLayout = lazy(() =>
  import('../layouts/admin-layout').then((m) => ({ default: m.AdminLayout })),
);

/**
 * Signed-in polling (docs/product.md#while-signed-in): every POLL_INTERVAL_MS, user info, newer notifications and
 * (admins) queue counts, success notices off, and the same reads at once on each live event.
 * Stops on logout; a new sign-in primes first.
 */
function SessionPolling() {
  const { authenticated, token } = useSession();
  useEffect(() => {
    if (authenticated) void primeSession();
    else {
      resetFeed();
      resetQueueAlerts();
    }
  }, [authenticated, token]);
  usePolling(pollSession, POLL_INTERVAL_MS, authenticated);
  // Changes pushed as they happen; the poll stays, and is the fallback (decision 042). The
  // stream's code loads with the session, not with a guest's first page.
  useEffect(() => {
    if (!authenticated || !token) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('../session-stream').then(({ openLiveEvents }) => {
      if (!left) stop = openLiveEvents(token);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [authenticated, token]);
  return null;
}

/**
 * The root route: the full-screen loader while the global fetching flag is on, then the layout
 * the matched routes ask for ('default' when none does).
 */
export function RootShell() {
  const { fetching } = useShellState();
  const { layout, dark, title: titleKey, focused } = useRouteHandle();
  const { site_name: siteName } = useSiteSettings();
  const t = common.useT();
  // pages.ts gives each page's title as a key of the `common` catalogue.
  const title = titleKey === null ? null : t(titleKey as PageTitleKey);

  useEffect(() => {
    document.title = documentTitle(title, siteName);
  }, [title, siteName]);

  if (fetching) return <FullScreenLoader />;

  const page = <Outlet />;
  return (
    <>
      {/* A new page opens at its top (after requesting an ID, My IDs shows the new request);
          Back and Forward return to where the page was (issue 56). */}
      <ScrollRestoration />
      <SessionPolling />
      {layout === 'auth' ? (
        <AuthLayout dark={dark}>{page}</AuthLayout>
      ) : layout === 'admin' ? (
        <Suspense fallback={<FullScreenLoader />}>
          <AdminLayout dark={dark}>{page}</AdminLayout>
        </Suspense>
      ) : (
        <SiteLayout
          variant={layout === 'public' ? 'short' : 'full'}
          dark={dark}
          title={title}
          focused={focused}
        >
          {page}
        </SiteLayout>
      )}
    </>
  );
}
