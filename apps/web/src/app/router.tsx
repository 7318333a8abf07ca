import { roleCan, ROUTES, type StaffPermission } from '@iddesk/contract';
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject, useLoaderData } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { languageReady } from '../lib/i18n';
import { passportQueryOptions } from '../features/account/api/get-passport';
import { hasAdminAccess, requireAuth, requireGuest } from './guards';
import { queryClient } from './query-client';
import { rootLoader, rootShouldRevalidate } from './root-loader';
import type { RouteHandle } from './route-handle';
import { PAGES, REDIRECTS, type Guard, type Page } from './routes/pages';
import { RootShell } from './shell/root-shell';
import { RouteError } from './shell/route-error';

/** The signed-in staff member (role, second factor); null when it cannot be read now. */
const passport = () => queryClient.ensureQueryData(passportQueryOptions()).catch(() => null);

/**
 * Needs a token and the admin flag, else login. A staff account that must enrol a second
 * factor goes to do that first (every admin call would answer 403 until then).
 */
async function requireAdmin() {
  if (!hasAdminAccess()) return redirect(ROUTES.login);
  const user = await passport();
  if (user?.second_factor_enrolment_required) return redirect(ROUTES.secondFactor);
  return null;
}

/**
 * Sends a staff role without `permission` to its first admin page: /admin is the IDs page
 * (docs/product.md#staff-pages) and the dashboard where staff land after signing in, for the roles that may use
 * them. The roles and menus load with the admin area, not with a guest's first page (issue 19).
 */
async function landingUnless(permission: StaffPermission) {
  const user = await passport();
  if (!user) return null;
  const { landingRedirect } = await import('./layouts/admin-nav-items');
  const to = landingRedirect(user.role, permission);
  return to === null ? null : redirect(to);
}

const GUARDS: Record<Guard, () => Response | null | Promise<Response | null>> = {
  guest: requireGuest,
  auth: requireAuth,
  admin: requireAdmin,
};

const relative = (path: string) => path.replace(/^\//, '');

const component = async (page: Page) => (await page.load())[page.export] as ComponentType;

/** An admin page's loader answer: whether the signed-in role may open it. */
type AdminAccess = { notForRole: boolean } | null;

/** What a role without the page's permission sees instead (in the admin chunk). */
const NotForRole = lazy(async () => ({ default: (await import('./routes/admin-pages')).AdminNotForRolePage }));

/**
 * Whether the signed-in staff role lacks what `page` needs (issue 56): checked before the page
 * renders, so a cashier opening /admin/staff never sees a form the server would refuse. A
 * passport that cannot be read now lets the page render; the server refuses its calls anyway.
 */
async function notForRole(page: Page): Promise<boolean> {
  if (!page.permission) return false;
  const user = await passport();
  return user !== null && !roleCan(user.role, page.permission);
}

/**
 * A page's route. Every page is its own lazily loaded chunk: a first load downloads the shell
 * and the one page it shows, never the forms and libraries of the others (issue 8 budget).
 *
 * An admin page is loaded only once its guard has passed: React Router calls a route's `lazy`
 * alongside the loaders, so a guest would download the admin chunk before the guard's redirect.
 * Its loader checks access first, then waits for the chunk so the progress bar covers the load,
 * and the component renders it through `React.lazy` (at once by then).
 */
function pageRoute(page: Page): RouteObject {
  const handle: RouteHandle = { title: page.title };
  if (page.focused) handle.focused = true;
  const route = { path: relative(page.path), handle };
  if (page.guard !== 'admin')
    return { ...route, lazy: async () => ({ Component: await component(page) }) };
  const Component = lazy(async () => ({ default: await component(page) }));
  return {
    ...route,
    loader: async (): Promise<AdminAccess | Response> => {
      if (!hasAdminAccess()) return null;
      if ((page.path === ROUTES.admin || page.path === ROUTES.adminDashboard) && page.permission) {
        const landing = await landingUnless(page.permission);
        if (landing) return landing;
      }
      const refused = await notForRole(page);
      // The page's own chunk is not needed then; the admin chunk holds the refusal.
      await (refused ? import('./routes/admin-pages') : page.load());
      // The staff area's Hindi loads with it (decision 019): wait, so it never shows in English first.
      await languageReady();
      return { notForRole: refused };
    },
    Component: function AdminRoutePage() {
      const access = useLoaderData<AdminAccess>();
      return access?.notForRole ? <NotForRole /> : <Component />;
    },
  };
}

/**
 * The pages of `routes/pages.ts` under one pathless route per layout and guard, which carries
 * the layout in its handle and the guard as its loader.
 */
export function pageRoutes(pages: readonly Page[]): RouteObject[] {
  const groups = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const page of pages) {
    const key = `${page.layout} ${String(page.dark)} ${page.guard ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      const handle: RouteHandle = { layout: page.layout };
      if (page.dark !== undefined) handle.dark = page.dark;
      group = { handle, children: [] };
      if (page.guard) group.loader = GUARDS[page.guard];
      groups.set(key, group);
    }
    group.children.push(pageRoute(page));
  }
  return [...groups.values()];
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      path: '/',
      Component: RootShell,
      loader: rootLoader,
      shouldRevalidate: rootShouldRevalidate,
      HydrateFallback: FullScreenLoader,
      ErrorBoundary: RouteError,
      children: [
        ...REDIRECTS.map(({ path, to }): RouteObject =>
          path === '/'
            ? { index: true, loader: () => redirect(to) }
            : { path: relative(path), loader: () => redirect(to) },
        ),
        ...pageRoutes(PAGES),
      ],
    },
  ]);
}
