import { whenIdle } from '../lib/idle';
import type { AppRouter } from './router-ref';

/**
 * The installable app (issue 17): registers the service worker the build writes (`/sw.js`,
 * vite-plugin-pwa's Workbox: the app shell precached, an offline page for navigations that
 * fail, never /api). A new version installs, skips waiting and claims the page; the page then
 * loads it at the next navigation, so nothing typed is lost and no old code stays running.
 *
 * The load starts with the navigation, in place of it: the old code's page chunks are gone
 * from the server after a deploy, and finishing the navigation in it would show an error
 * first. shell.spec.ts "a new version" deploys a second build under an open page.
 */
export function registerServiceWorker(router: AppRouter): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // After the page's load, in a task of its own when the main thread is idle: the first call to
  // the service-worker container is not free (issue 56: a phone's main thread at first load).
  const start = () => whenIdle(() => watchAndRegister(router));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function watchAndRegister(router: AppRouter): void {
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  let stale = false;
  container.addEventListener('controllerchange', () => {
    // The first install claims a page that loaded without one: nothing of it is stale. Every
    // later change is a new version, however the page began.
    if (!controlled) {
      controlled = true;
      return;
    }
    if (stale) return;
    stale = true;
    const stop = router.subscribe((state) => {
      if (state.navigation.state !== 'loading') return;
      stop();
      window.location.assign(router.createHref(state.navigation.location));
    });
  });
  void container.register('/sw.js').catch(() => {});
}
