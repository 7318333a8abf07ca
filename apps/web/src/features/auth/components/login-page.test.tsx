import { ROUTES } from '@iddesk/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { LoginPage } from './login-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast }));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The server as a staff member meets it: the sign-in, then the passport. */
function serve(enrolmentRequired: boolean) {
  fetchMock.mockImplementation((input) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/auth/login')) {
      return json(200, { message: 'You are signed in.', data: { api_token: 'staff-token', type: 'admin' } });
    }
    if (url.endsWith('/user/passport')) {
      return json(200, {
        message: null,
        data: { type: 'admin', role: 'cashier', second_factor_enrolment_required: enrolmentRequired },
      });
    }
    return json(404, { message: 'Not found.', data: null });
  });
}

async function signIn() {
  const router = createMemoryRouter(
    [
      { path: ROUTES.login, Component: LoginPage },
      { path: ROUTES.secondFactor, Component: () => <h1>enrol</h1> },
      { path: ROUTES.adminDashboard, Component: () => <h1>dashboard</h1> },
    ],
    { initialEntries: [ROUTES.login] },
  );
  render(<RouterProvider router={router} />);
  fireEvent.input(screen.getByLabelText(/email or phone/i), { target: { value: 'cashier@example.com' } });
  fireEvent.input(screen.getByLabelText(/^password$/i), { target: { value: 'correct-horse-42' } });
  fireEvent.click(screen.getByRole('button', { name: /log in/i }));
  return router;
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  session.clear();
});

describe('signing in as staff (issue 56)', () => {
  it('a first sign-in goes to enrol a second factor with no toast over the page', async () => {
    serve(true);
    const router = await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.secondFactor));
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('an enrolled staff member lands on the dashboard, told once that they are signed in', async () => {
    serve(false);
    const router = await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.adminDashboard));
    await waitFor(() => expect(toast.success).toHaveBeenCalledOnce());
    expect(toast.success).toHaveBeenCalledWith('You are signed in.');
    expect(toast.error).not.toHaveBeenCalled();
  });
});
