import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { activateLocale } from '../../lib/i18n';
import { session } from '../../lib/session';
import { SideMenu } from './side-menu';

function renderMenu(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(['user', 'passport'], {
    id: 7,
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '+919812345678',
    type: 'user',
    balance: '1500.00',
    is_blocked: false,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const router = createMemoryRouter(
    [{ path: '*', element: <SideMenu open onOpenChange={() => {}} /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Menu' });
}

describe('SideMenu', () => {
  afterEach(() => {
    cleanup();
    session.clear();
  });

  it('shows the balance, account links and log out to a signed-in user', () => {
    session.start('tok', false);
    const menu = renderMenu('/create_id');
    expect(within(menu).getByText('Balance')).toBeTruthy();
    expect(within(menu).getByText('₹1,500.00')).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Change password' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toBeTruthy();
  });

  it('issue 56: lists My IDs and Notifications, and keeps Log out at the foot, outside the scrolling list', () => {
    session.start('tok', false);
    const menu = renderMenu('/notifications');
    expect(within(menu).getByRole('link', { name: 'My IDs' }).getAttribute('href')).toBe('/my_ids');
    const notifications = within(menu).getByRole('link', { name: 'Notifications' });
    expect(notifications.getAttribute('href')).toBe('/notifications');
    expect(notifications.getAttribute('aria-current')).toBe('page');
    // The list scrolls; Log out is not in it, so it never scrolls out of view.
    const nav = within(menu).getByRole('navigation', { name: 'Site menu' });
    expect(within(nav).queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('issue 56: no My IDs for a guest', () => {
    const menu = renderMenu('/media');
    expect(within(menu).queryByRole('link', { name: 'My IDs' })).toBeNull();
  });

  it('shows Admin to admins only', () => {
    session.start('tok', true);
    const menu = renderMenu('/media');
    expect(within(menu).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe(
      '/admin/dashboard',
    );
  });

  it('offers log in and register to guests, without a balance', () => {
    const menu = renderMenu('/media');
    expect(within(menu).queryByText('Balance')).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Register' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it.each(['/my_ids', '/demo_ids', '/create_id'])('highlights Home on %s', (path) => {
    const menu = renderMenu(path);
    expect(within(menu).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('does not highlight Home elsewhere', () => {
    const menu = renderMenu('/reviews');
    expect(
      within(menu).getByRole('link', { name: 'Home' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('switches the whole menu to Hindi from its language switch, and back', async () => {
    const menu = renderMenu('/media');
    fireEvent.click(within(menu).getByRole('radio', { name: 'हिन्दी' }));
    const hindi = await screen.findByRole('dialog', { name: 'मेन्यू' });
    expect(within(hindi).getByRole('link', { name: 'लॉग इन करें' })).toBeTruthy();
    expect(within(hindi).getByRole('group', { name: 'भाषा' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    fireEvent.click(within(hindi).getByRole('radio', { name: 'English' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await activateLocale('en');
  });
});
