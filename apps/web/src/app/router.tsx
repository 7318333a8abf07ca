import { createBrowserRouter } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { rootLoader, rootShouldRevalidate } from './root-loader';
import { adminRoutes } from './routes/admin-routes';
import { siteRoutes } from './routes/site-routes';
import { RootShell } from './shell/root-shell';
import { RouteError } from './shell/route-error';

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      path: '/',
      Component: RootShell,
      loader: rootLoader,
      shouldRevalidate: rootShouldRevalidate,
      HydrateFallback: FullScreenLoader,
      ErrorBoundary: RouteError,
      children: [...siteRoutes, adminRoutes],
    },
  ]);
}
