import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session';
import { rootLoader, rootShouldRevalidate } from './root-loader';
import { shellState } from './shell-state';

const passport = () =>
  new Response(JSON.stringify({ message: null, data: { id: 1, balance: '0.00', type: 'user' } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

describe('every route change reloads user info', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const passportCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url as string | URL) === '/api/user/passport').length;

  beforeEach(() => {
    fetchMock.mockImplementation(async () => passport());
    vi.stubGlobal('fetch', fetchMock);
    session.start('tok-1', false);
    // Startup has loaded user info itself; from here on, navigations reload it.
    shellState.set({ fetching: false, started: true });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    session.clear();
    shellState.set({ fetching: true, started: false });
  });

  function makeRouter() {
    return createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: rootLoader,
          shouldRevalidate: rootShouldRevalidate,
          children: [
            { path: 'my_ids', Component: () => null },
            { path: 'media', Component: () => null },
          ],
        },
      ],
      { initialEntries: ['/my_ids'] },
    );
  }

  it('on a new path and on a new query string, not on a hash-only change', async () => {
    const router = makeRouter();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    const first = passportCalls();

    await router.navigate('/my_ids?page=2');
    expect(passportCalls()).toBe(first + 1);

    await router.navigate('/my_ids?page=2#top');
    expect(passportCalls()).toBe(first + 1);

    await router.navigate('/media');
    expect(passportCalls()).toBe(first + 2);

    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/my_ids'));
    await vi.waitFor(() => expect(passportCalls()).toBe(first + 3));
  });

  it('not for a guest', async () => {
    session.clear();
    const router = makeRouter();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    await router.navigate('/my_ids?page=2');
    await router.navigate('/media');
    expect(passportCalls()).toBe(0);
  });
});
