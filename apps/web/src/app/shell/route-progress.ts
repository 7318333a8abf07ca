import { whenIdle } from '../../lib/idle';
import type { AppRouter } from '../router-ref';

/** Long enough to be seen even when a navigation resolves at once. */
const MIN_VISIBLE_MS = 300;

/**
 * The bar's library, fetched after the first load rather than with it: no page needs it before
 * the first navigation (issue 19, the guest's first-load budget).
 */
function loadBar() {
  return import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({
      showSpinner: false,
      minimum: 0.15,
      trickleSpeed: 150,
      speed: 250,
      // The default template carries role="bar", which is not an ARIA role; the bar is decorative.
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return NProgress;
  });
}

/**
 * The top progress bar runs on every route navigation (docs/product.md#shell-and-navigation). Subscribes to the data
 * router directly so even a navigation that settles within one tick shows the bar, and a
 * navigation with no loader to wait for (a new query string, a hash) still runs it: the
 * router then moves to the new location without a loading state in between.
 */
export function installRouteProgress(router: AppRouter): () => void {
  let startedAt = 0;
  let doneTimer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let locationKey = router.state.location.key;
  // Calls queue on the one promise, so a start always runs before its done. Fetched when the
  // main thread is next idle, or by the first navigation if that comes first, not in the boot's
  // own task (issue 56).
  let bar: ReturnType<typeof loadBar> | null = null;
  const loaded = () => (bar ??= loadBar());
  const cancelIdle = whenIdle(() => void loaded());

  const begin = () => {
    clearTimeout(doneTimer);
    startedAt = performance.now();
    void loaded().then((np) => np.start());
  };
  const end = () => {
    const wait = Math.max(0, MIN_VISIBLE_MS - (performance.now() - startedAt));
    doneTimer = setTimeout(() => void loaded().then((np) => np.done()), wait);
  };

  const stop = router.subscribe((state) => {
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
  return () => {
    cancelIdle();
    stop();
  };
}
