import type { createBrowserRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

let current: AppRouter | null = null;

/**
 * The data router, for code that runs outside components (startup, sign-out, 401 handling).
 * Set once in main.tsx; kept here so those modules do not import the route tree.
 */
export const routerRef = {
  set(router: AppRouter) {
    current = router;
  },
  get(): AppRouter {
    if (!current) throw new Error('Router not set');
    return current;
  },
};
