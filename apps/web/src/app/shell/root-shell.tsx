import { POLL_INTERVAL_MS } from '@iddesk/contract';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../../components/ui/full-screen-loader';
import { useSession } from '../../lib/session';
import { documentTitle } from '../../lib/site-config';
import { useSiteSettings } from '../../lib/site-settings';
import { usePolling } from '../../lib/use-polling';
import { AdminLayout } from '../layouts/admin-layout';
import { AuthLayout } from '../layouts/auth-layout';
import { SiteLayout } from '../layouts/site-layout';
import { useRouteHandle } from '../route-handle';
import { useShellState } from '../shell-state';
import { reloadUserInfo } from '../user-info';

/** Signed-in polling (SPEC.md §4): reloads user info every POLL_INTERVAL_MS, success notices off. */
function SessionPolling() {
  const { authenticated } = useSession();
  usePolling(() => reloadUserInfo(), POLL_INTERVAL_MS, authenticated);
  return null;
}

/**
 * The root route: the full-screen loader while the global fetching flag is on, then the layout
 * the matched routes ask for ('default' when none does).
 */
export function RootShell() {
  const { fetching } = useShellState();
  const { layout, dark, title } = useRouteHandle();
  const { site_name: siteName } = useSiteSettings();

  useEffect(() => {
    document.title = documentTitle(title, siteName);
  }, [title, siteName]);

  if (fetching) return <FullScreenLoader />;

  const page = <Outlet />;
  return (
    <>
      <SessionPolling />
      {layout === 'auth' ? (
        <AuthLayout dark={dark}>{page}</AuthLayout>
      ) : layout === 'admin' ? (
        <AdminLayout dark={dark}>{page}</AdminLayout>
      ) : (
        <SiteLayout variant={layout === 'public' ? 'short' : 'full'} dark={dark} title={title}>
          {page}
        </SiteLayout>
      )}
    </>
  );
}
