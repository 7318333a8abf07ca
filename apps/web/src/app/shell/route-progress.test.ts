import NProgress from 'nprogress';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRouteProgress } from './route-progress';

/** A list page with no loader (the query string alone changes) and a page whose loader waits. */
function makeRouter() {
  let release: () => void = () => {};
  const router = createMemoryRouter(
    [
      { path: '/list', Component: () => null },
      {
        path: '/slow',
        Component: () => null,
        loader: () => new Promise<null>((resolve) => (release = () => resolve(null))),
      },
    ],
    { initialEntries: ['/list'] },
  );
  return { router, release: () => release() };
}

describe('the top progress bar', () => {
  let uninstall: () => void = () => {};
  // Spies that do not draw: the real bar keeps trickling on timers past the test's end.
  const start = vi.spyOn(NProgress, 'start').mockImplementation(() => NProgress);
  const done = vi.spyOn(NProgress, 'done').mockImplementation(() => NProgress);

  beforeEach(() => {
    start.mockClear();
    done.mockClear();
  });
  afterEach(() => uninstall());

  it('runs on a query-string change that has no loader to wait for', async () => {
    const { router } = makeRouter();
    uninstall = installRouteProgress(router);
    await router.navigate('/list?page=2');
    expect(router.state.location.search).toBe('?page=2');
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  });

  it('runs once for a navigation that waits on a loader, and ends when it settles', async () => {
    const { router, release } = makeRouter();
    uninstall = installRouteProgress(router);
    const navigation = router.navigate('/slow');
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(done).not.toHaveBeenCalled();
    release();
    await navigation;
    expect(router.state.location.pathname).toBe('/slow');
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('runs on going back to an earlier query string', async () => {
    const { router } = makeRouter();
    await router.navigate('/list?page=3');
    uninstall = installRouteProgress(router);
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  });
});
