import NProgress from 'nprogress';
import type { AppRouter } from '../router-ref';

/** Long enough to be seen even when a navigation resolves at once. */
const MIN_VISIBLE_MS = 300;

NProgress.configure({
  showSpinner: false,
  minimum: 0.15,
  trickleSpeed: 150,
  speed: 250,
  // The default template carries role="bar", which is not an ARIA role; the bar is decorative.
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/**
 * SPEC.md §2: the top progress bar runs on every route navigation. Subscribes to the data
 * router directly so even a navigation that settles within one tick shows the bar, and a
 * navigation with no loader to wait for (a new query string, a hash) still runs it: the
 * router then moves to the new location without a loading state in between.
 */
export function installRouteProgress(router: AppRouter): () => void {
  let startedAt = 0;
  let doneTimer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let locationKey = router.state.location.key;

  const begin = () => {
    clearTimeout(doneTimer);
    startedAt = performance.now();
    NProgress.start();
  };
  const end = () => {
    const wait = Math.max(0, MIN_VISIBLE_MS - (performance.now() - startedAt));
    doneTimer = setTimeout(() => NProgress.done(), wait);
  };

  return router.subscribe((state) => {
    const nowBusy = state.navigation.state !== 'idle';
    const moved = state.location.key !== locationKey;
    locationKey = state.location.key;
    if (nowBusy && !busy) begin();
    else if (!nowBusy && busy) end();
    else if (!nowBusy && moved) {
      begin();
      end();
    }
    busy = nowBusy;
  });
}
