import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Pagination } from './pagination';

function renderPagination(page: number, lastPage: number, total: number) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Pagination
            page={page}
            lastPage={lastPage}
            perPage={15}
            total={total}
            hrefFor={(p) => `/admin/bills_pending?page=${p}`}
            label="Bill pages"
          />
        ),
      },
    ],
    { initialEntries: ['/admin/bills_pending'] },
  );
  render(<RouterProvider router={router} />);
}

describe('Pagination', () => {
  afterEach(cleanup);

  it('shows only the count when everything fits on one page', () => {
    renderPagination(1, 1, 7);
    expect(screen.getByText('1–7 of 7')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('links to the neighbours and marks the current page', () => {
    renderPagination(5, 10, 150);
    const nav = screen.getByRole('navigation', { name: 'Bill pages' });
    const current = within(nav).getByRole('link', { name: 'Page 5' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Page 4' }).getAttribute('href')).toBe(
      '/admin/bills_pending?page=4',
    );
    expect(
      within(nav)
        .getByRole('link', { name: /previous/i })
        .getAttribute('href'),
    ).toBe('/admin/bills_pending?page=4');
    expect(within(nav).getByRole('link', { name: /next/i }).getAttribute('href')).toBe(
      '/admin/bills_pending?page=6',
    );
    expect(within(nav).queryByRole('link', { name: 'Page 2' })).toBeNull();
    expect(screen.getByText('61–75 of 150')).toBeTruthy();
  });

  it('has no previous link on the first page and no next link on the last', () => {
    renderPagination(1, 2, 20);
    const nav = screen.getByRole('navigation', { name: 'Bill pages' });
    expect(within(nav).queryByRole('link', { name: /previous/i })).toBeNull();
    expect(within(nav).getByRole('link', { name: /next/i })).toBeTruthy();
  });
});
