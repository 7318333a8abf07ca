import { type Passport, roleCan, ROUTES, type StaffRole } from '@iddesk/contract';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passportQueryKey } from '../features/account/api/get-passport';
import { session } from '../lib/session';
import { queryClient } from './query-client';
import { resolveHandle } from './route-handle';
import { pageRoutes } from './router';
import { isFixedPath, PAGES, type Page } from './routes/pages';

const Dummy = () => null;

function fakePage(overrides: Partial<Page> & Pick<Page, 'path'>): Page {
  return {
    layout: 'public',
    title: 'titles.pageNotFound',
    chunk: 'kit',
    module: 'features/x/page',
    export: 'Page',
    load: vi.fn(async () => ({ Page: Dummy })),
    ...overrides,
  };
}

/** A router over `pages` plus a login page, started at `path` and settled. */
async function open(pages: Page[], path: string) {
  const login = fakePage({ path: ROUTES.login, layout: 'auth', dark: true, guard: 'guest' });
  const router = createMemoryRouter([{ path: '/', children: pageRoutes([...pages, login]) }], {
    initialEntries: [path],
  });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

afterEach(() => {
  queryClient.clear();
  session.clear();
});

describe('the page table (routes/pages.ts)', () => {
  it('has one entry per path, each with a title and its own module and export', () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of PAGES) {
      expect(page.path).toMatch(/^\//);
      expect(page.title).not.toBe('');
      expect(page.module).toMatch(/^(features|app)\//);
    }
  });

  it('puts every admin path behind the admin guard in the admin layout and chunk', () => {
    for (const page of PAGES.filter((p) => p.path.startsWith('/admin'))) {
      expect(page).toMatchObject({ guard: 'admin', layout: 'admin', chunk: 'admin' });
    }
  });

  it('issue 56: marks the money forms and the code page, so the phone bar steps aside there only', () => {
    const focused = PAGES.filter((p) => p.focused).map((p) => p.path).sort();
    expect(focused).toEqual(
      [
        ROUTES.addFunds,
        ROUTES.withdraw,
        ROUTES.secondFactor,
        '/create_id/:id',
        '/my_ids/:id/deposit',
        '/my_ids/:id/withdraw',
        '/my_ids/:id/close',
      ].sort(),
    );
  });

  it('tells fixed paths from patterns', () => {
    expect(isFixedPath('/create_id')).toBe(true);
    expect(isFixedPath('/my_ids/:id')).toBe(false);
    expect(isFixedPath('/*')).toBe(false);
  });
});

describe('the routes built from the table', () => {
  it("renders a page with its layout, background and title from the route's handles", async () => {
    const page = fakePage({ path: '/a', layout: 'auth', dark: true, title: 'titles.login' });
    const router = await open([page], '/a');
    expect(router.state.location.pathname).toBe('/a');
    expect(resolveHandle(router.state.matches.map((m) => m.route.handle))).toEqual({
      layout: 'auth',
      dark: true,
      title: 'titles.login',
      focused: false,
    });
    expect(page.load).toHaveBeenCalled();
  });

  it('sends a guest away from a signed-in page to login', async () => {
    const router = await open([fakePage({ path: '/b', guard: 'auth' })], '/b');
    expect(router.state.location.pathname).toBe(ROUTES.login);
  });

  it('sends a guest away from an admin page before loading the admin chunk', async () => {
    const admin = fakePage({ path: '/admin/x', layout: 'admin', guard: 'admin', chunk: 'admin' });
    const router = await open([admin], '/admin/x');
    expect(router.state.location.pathname).toBe(ROUTES.login);
  });

  it('loads the admin chunk for an admin, in the loader', async () => {
    session.start('token', true);
    // The guard reads the passport (role, second factor): an enrolled owner.
    queryClient.setQueryData<Partial<Passport>>(passportQueryKey, {
      type: 'admin',
      role: 'owner',
      second_factor: true,
      second_factor_enrolment_required: false,
    });
    const admin = fakePage({ path: '/admin/x', layout: 'admin', guard: 'admin', chunk: 'admin' });
    const router = await open([admin], '/admin/x');
    expect(router.state.location.pathname).toBe('/admin/x');
    expect(admin.load).toHaveBeenCalled();
  });

  it('sends a staff member who must enrol a second factor to do that first', async () => {
    session.start('token', true);
    queryClient.setQueryData<Partial<Passport>>(passportQueryKey, {
      type: 'admin',
      role: 'cashier',
      second_factor: false,
      second_factor_enrolment_required: true,
    });
    const admin = fakePage({ path: '/admin/x', layout: 'admin', guard: 'admin', chunk: 'admin' });
    const enrol = fakePage({ path: ROUTES.secondFactor, guard: 'auth' });
    const router = await open([admin, enrol], '/admin/x');
    expect(router.state.location.pathname).toBe(ROUTES.secondFactor);
  });

  it('sends a signed-in user away from the guest-only pages', async () => {
    session.start('token', false);
    const router = await open([fakePage({ path: ROUTES.home })], ROUTES.login);
    expect(router.state.location.pathname).toBe(ROUTES.home);
  });
});

describe('staff pages by role (issue 56)', () => {
  const ROLES: StaffRole[] = ['owner', 'cashier', 'support'];
  /** What docs/product.md gives each role besides the owner, who opens every staff page. */
  const DESK_PAGES = [
    ROUTES.adminDashboard,
    ROUTES.adminAudit,
    ROUTES.adminNewIds,
    '/admin/new_ids/:id',
    ROUTES.adminUsers,
    '/admin/users/:id',
    '/admin/users/:id/transactions',
    ROUTES.adminRequestsPending,
    ROUTES.adminRequestsDone,
    '/admin/requests/:id',
    ROUTES.adminBillsPending,
    ROUTES.adminBillsDone,
    '/admin/bills/:id',
    ROUTES.adminWithdrawPending,
    ROUTES.adminWithdrawDone,
    '/admin/withdraw/:id',
    // Issue 54: the statements' reconciliation is read with the queues.
    ROUTES.adminStatements,
    '/admin/statements/:id',
  ];
  /** Importing a statement: owners and cashiers (`statements.import`), not support. */
  const CASHIER_PAGES: string[] = [ROUTES.adminStatementImport];
  const mayOpen = (role: StaffRole, path: string) =>
    role === 'owner' || DESK_PAGES.includes(path) || (role === 'cashier' && CASHIER_PAGES.includes(path));
  const adminPages = PAGES.filter((p) => p.guard === 'admin');

  it('gives every staff page the permission its role needs, as the roles are documented', () => {
    expect(adminPages.length).toBeGreaterThan(20);
    for (const page of adminPages) {
      expect(page.permission, page.path).toBeDefined();
      for (const role of ROLES) {
        expect(roleCan(role, page.permission!), `${role} ${page.path}`).toBe(mayOpen(role, page.path));
      }
    }
  });

  it('checks every staff page against every role before it renders', async () => {
    // The refusal is in the admin chunk: loaded once here, so each router below settles at once.
    await import('./routes/admin-pages');
    for (const role of ROLES) {
      for (const real of adminPages) {
        queryClient.clear();
        session.start('token', true);
        queryClient.setQueryData<Partial<Passport>>(passportQueryKey, {
          type: 'admin',
          role,
          second_factor: true,
          second_factor_enrolment_required: false,
        });
        const page = fakePage({ ...real, load: vi.fn(async () => ({ [real.export]: Dummy })) });
        const landing = fakePage({ path: '/admin/landing-elsewhere', guard: 'admin', layout: 'admin' });
        const router = await open([page, landing], real.path.replace(':id', '7'));
        const leaf = router.state.matches.at(-1)!;
        const what = `${role} ${real.path}`;
        if (mayOpen(role, real.path)) {
          expect(page.load, what).toHaveBeenCalled();
          expect(router.state.loaderData[leaf.route.id], what).toEqual({ notForRole: false });
        } else if (real.path === ROUTES.admin) {
          // docs/product.md#staff-pages: /admin is the IDs page; another role lands on its first page.
          expect(router.state.location.pathname, what).toBe(ROUTES.adminDashboard);
        } else {
          // The refusal, not the page: its module is never even loaded.
          expect(page.load, what).not.toHaveBeenCalled();
          expect(router.state.loaderData[leaf.route.id], what).toEqual({ notForRole: true });
        }
      }
    }
  }, 60_000);
});

describe('the admin menus (issue 56)', () => {
  it('list only the pages the role may open', async () => {
    const { adminMenusFor } = await import('./layouts/admin-nav-items');
    for (const role of ['owner', 'cashier', 'support'] as const) {
      const menus = adminMenusFor(role);
      const items = [...menus.main, ...menus.queues, ...menus.site].filter((i) => i.to.startsWith('/admin'));
      expect(items.length, role).toBeGreaterThan(0);
      for (const item of items) {
        const page = PAGES.find((p) => p.path === item.to);
        expect(page?.permission, item.to).toBeDefined();
        expect(roleCan(role, page!.permission!), `${role} ${item.to}`).toBe(true);
      }
    }
    const cashier = adminMenusFor('cashier');
    expect([...cashier.main, ...cashier.site].map((i) => i.to)).not.toContain(ROUTES.adminStaff);
    expect(cashier.site).toEqual([]);
  });
});
