import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Deferred } from '../components/ui/deferred';
import { Toaster } from '../components/ui/toaster';
import { SiteSettingsProvider } from '../features/site/site-settings';
import { queryClient } from './query-client';
import type { AppRouter } from './router-ref';

export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteSettingsProvider>
        <RouterProvider router={router} />
      </SiteSettingsProvider>
      <Deferred>
        <Toaster />
      </Deferred>
    </QueryClientProvider>
  );
}
