import type { AppRouter } from './router-ref';

/**
 * The installable app (issue 17): registers the service worker the build writes (`/sw.js`,
 * vite-plugin-pwa's Workbox: the app shell precached, an offline page for navigations that
 * fail, never /api). A new version installs, skips waiting and claims the page; the page then
 * loads it at the next navigation, so nothing typed is lost and no old code stays running.
 */
export function registerServiceWorker(router: AppRouter): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    // The first install takes an uncontrolled page: nothing of it is stale.
    if (!hadController) return;
    const from = router.state.location.key;
    const stop = router.subscribe((state) => {
      if (state.navigation.state !== 'idle' || state.location.key === from) return;
      stop();
      window.location.reload();
    });
  });
  const register = () => void container.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
