import type { AppRouter } from '../router-ref';

/** Long enough to be seen even when a navigation resolves at once. */
const MIN_VISIBLE_MS = 300;

/**
 * The bar's library, fetched once the app has started rather than with the first load: no page
 * needs it before the first navigation (issue 19, the guest's first-load budget).
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
  // Calls queue on the one promise, so a start always runs before its done.
  const bar = loadBar();

  const begin = () => {
    clearTimeout(doneTimer);
    startedAt = performance.now();
    void bar.then((np) => np.start());
  };
  const end = () => {
    const wait = Math.max(0, MIN_VISIBLE_MS - (performance.now() - startedAt));
    doneTimer = setTimeout(() => void bar.then((np) => np.done()), wait);
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
