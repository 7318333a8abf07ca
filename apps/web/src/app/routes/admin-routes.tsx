import { roleCan, ROUTES } from '@iddesk/contract';
import { lazy, type ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { passportQueryOptions } from '../../features/account/api/get-passport';
import type * as AdminModule from './admin-pages';
import { hasAdminAccess } from '../guards';
import { adminLandingFor } from '../layouts/nav-items';
import { queryClient } from '../query-client';
import type { RouteHandle } from '../route-handle';

type AdminPageName = {
  [K in keyof typeof AdminModule]: (typeof AdminModule)[K] extends ComponentType ? K : never;
}[keyof typeof AdminModule];

const loadAdmin = () => import('./admin-pages');
const loadContentAdmin = () => import('./content-admin-pages');

const page = (name: AdminPageName) => {
  const Component = lazy(() => loadAdmin().then((m) => ({ default: m[name] })));
  return function AdminRoutePage() {
    return <Component />;
  };
};

type ContentPageName = keyof Awaited<ReturnType<typeof loadContentAdmin>>;

const contentPage = (name: ContentPageName) => {
  const Component = lazy(() => loadContentAdmin().then((m) => ({ default: m[name] })));
  return function ContentAdminRoutePage() {
    return <Component />;
  };
};

const StaffPage = lazy(() =>
  import('./staff-route-page').then((m) => ({ default: m.AdminStaffRoutePage })),
);

/** The signed-in staff member (role, second factor); null when it cannot be read now. */
const passport = () => queryClient.ensureQueryData(passportQueryOptions()).catch(() => null);

/**
 * Needs a token and the admin flag, else login. The guard runs before the admin chunk is
 * requested, so guests never download it; it then waits for the chunk so the progress bar
 * covers the load. A staff account that must enrol a second factor goes to do that first
 * (every admin call would answer 403 until then).
 */
async function requireAdmin() {
  if (!hasAdminAccess()) return redirect(ROUTES.login);
  const [user] = await Promise.all([passport(), loadAdmin()]);
  if (user?.second_factor_enrolment_required) return redirect(ROUTES.secondFactor);
  return null;
}

/** /admin is the IDs page (SPEC.md §2) for a role that may use it, else the role's first page. */
async function adminLanding() {
  const user = await passport();
  if (!user || roleCan(user.role, 'content.manage')) return null;
  return redirect(adminLandingFor(user.role));
}

const handle = (title: string): RouteHandle => ({ title });

export const adminRoutes: RouteObject = {
  path: 'admin',
  loader: requireAdmin,
  handle: { layout: 'admin', dark: true } satisfies RouteHandle,
  children: [
    { index: true, loader: adminLanding, Component: page('AdminIdsPage'), handle: handle('IDs') },
    { path: 'ids', Component: page('AdminIdsPage'), handle: handle('IDs') },
    {
      path: 'top_block',
      Component: contentPage('AdminTopBlockPage'),
      handle: handle('Top block'),
    },
    { path: 'settings', Component: contentPage('AdminSettingsPage'), handle: handle('Settings') },
    { path: 'media', Component: contentPage('AdminMediaPage'), handle: handle('Media') },
    { path: 'reviews', Component: contentPage('AdminReviewsPage'), handle: handle('Reviews') },
    { path: 'ids/create', Component: page('AdminIdCreatePage'), handle: handle('Add ID') },
    { path: 'ids/:id/edit', Component: page('AdminIdEditPage'), handle: handle('Edit ID') },
    { path: 'new_ids', Component: page('AdminNewIdsPage'), handle: handle('New ID') },
    { path: 'new_ids/:id', Component: page('AdminNewIdPage'), handle: handle('New ID') },
    { path: 'users', Component: page('AdminUsersPage'), handle: handle('Users') },
    { path: 'users/:id', Component: page('AdminUserPage'), handle: handle('User') },
    {
      path: 'users/:id/transactions',
      Component: page('AdminUserTransactionsPage'),
      handle: handle('Transactions'),
    },
    {
      path: 'requests_pending',
      Component: page('AdminRequestsPendingPage'),
      handle: handle('ID requests'),
    },
    {
      path: 'requests_done',
      Component: page('AdminRequestsDonePage'),
      handle: handle('ID requests'),
    },
    { path: 'requests/:id', Component: page('AdminRequestPage'), handle: handle('Request') },
    { path: 'bills_pending', Component: page('AdminBillsPendingPage'), handle: handle('Bills') },
    { path: 'bills_done', Component: page('AdminBillsDonePage'), handle: handle('Bills') },
    { path: 'bills/:id', Component: page('AdminBillPage'), handle: handle('Bill') },
    {
      path: 'withdraw_pending',
      Component: page('AdminWithdrawPendingPage'),
      handle: handle('Withdraw'),
    },
    { path: 'withdraw_done', Component: page('AdminWithdrawDonePage'), handle: handle('Withdraw') },
    { path: 'withdraw/:id', Component: page('AdminWithdrawPage'), handle: handle('Withdrawal') },
    {
      path: 'payment_types',
      Component: page('AdminPaymentTypesPage'),
      handle: handle('Payment types'),
    },
    {
      path: 'payment_types/create',
      Component: page('AdminPaymentTypeCreatePage'),
      handle: handle('Add payment type'),
    },
    { path: 'staff', Component: StaffPage, handle: handle('Staff') },
    {
      path: 'payment_types/:id/edit',
      Component: page('AdminPaymentTypeEditPage'),
      handle: handle('Edit payment type'),
    },
  ],
};
