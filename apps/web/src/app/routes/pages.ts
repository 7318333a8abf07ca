import { ERROR_ROUTES, ROUTES } from '@iddesk/contract';
import type { LayoutName } from '../route-handle';

/**
 * Every page of the web app, once (decision 016). The router (`app/router.tsx`) is built from
 * this list, and the build (`vite.config.ts`) imports it to write each page's HTML with its
 * preloads and to form the shared chunk groups. It is plain data: no JSX, no React, nothing the
 * build cannot load in Node (the `load` functions are never called there).
 */

/** Who may open the page; the router turns it into the guard loader of `app/guards.ts`. */
export type Guard = 'guest' | 'auth' | 'admin';

/**
 * The shared chunk the page draws on, besides its own: `app` pages live in the entry (the
 * route error boundary needs the error pages anyway); what two or more `kit` pages share goes
 * into the `kit` chunk, what only `forms` pages share into `forms` (zod, react-hook-form, the
 * contract's schemas, the fields); `admin` pages are one lazy chunk a guest never loads, and
 * what they share stays with them.
 */
export type ChunkGroup = 'app' | 'kit' | 'forms' | 'admin';

export type Page = {
  /** The URL pattern, from the root (`/my_ids/:id`). */
  path: string;
  layout: LayoutName;
  /** The dark page background of the auth and admin layouts. */
  dark?: boolean;
  guard?: Guard;
  title: string;
  chunk: ChunkGroup;
  /** The page's module, from `src/` without the extension: what `load` imports. */
  module: string;
  /** The page component's export name in `module`. */
  export: string;
  load: () => Promise<Record<string, unknown>>;
};

/** A page entry whose `export` names an export of what `load` resolves to (checked by tsc). */
function page<M extends Record<string, unknown>>(
  entry: Omit<Page, 'load' | 'export'> & { load: () => Promise<M>; export: keyof M & string },
): Page {
  return entry;
}

const auth = { layout: 'auth', dark: true, guard: 'guest' } as const;
const publicPage = { layout: 'public' } as const;
const account = { layout: 'public', guard: 'auth' } as const;
const ids = { layout: 'default' } as const;
const idsSignedIn = { layout: 'default', guard: 'auth' } as const;
const admin = { layout: 'admin', dark: true, guard: 'admin', chunk: 'admin' } as const;

const ADMIN = 'app/routes/admin-pages';
const loadAdmin = () => import('./admin-pages');
const CONTENT_ADMIN = 'app/routes/content-admin-pages';
const loadContentAdmin = () => import('./content-admin-pages');
const ERRORS = 'features/errors/components/error-pages';
const loadErrors = () => import('../../features/errors/components/error-pages');

export const PAGES: readonly Page[] = [
  // Auth layout: a token already present sends the user home.
  page({
    ...auth,
    path: ROUTES.login,
    title: 'Log in',
    chunk: 'forms',
    module: 'features/auth/components/login-page',
    load: () => import('../../features/auth/components/login-page'),
    export: 'LoginPage',
  }),
  page({
    ...auth,
    path: ROUTES.register,
    title: 'Register',
    chunk: 'forms',
    module: 'features/auth/components/register-page',
    load: () => import('../../features/auth/components/register-page'),
    export: 'RegisterPage',
  }),

  // Public pages, short header.
  page({
    ...publicPage,
    path: ROUTES.media,
    title: 'Media',
    chunk: 'kit',
    module: 'features/media/components/media-page',
    load: () => import('../../features/media/components/media-page'),
    export: 'MediaPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.reviews,
    title: 'Reviews',
    chunk: 'kit',
    module: 'features/reviews/components/reviews-page',
    load: () => import('../../features/reviews/components/reviews-page'),
    export: 'ReviewsPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.contacts,
    title: 'Contacts',
    chunk: 'kit',
    module: 'features/site/components/contacts-page',
    load: () => import('../../features/site/components/contacts-page'),
    export: 'ContactsPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.policy,
    title: 'Terms',
    chunk: 'kit',
    module: 'features/site/components/policy-page',
    load: () => import('../../features/site/components/policy-page'),
    export: 'PolicyPage',
  }),
  page({
    ...publicPage,
    path: '/reset_password/:id',
    title: 'Reset password',
    chunk: 'forms',
    module: 'features/auth/components/reset-password-page',
    load: () => import('../../features/auth/components/reset-password-page'),
    export: 'ResetPasswordPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.forgotPassword,
    title: 'Forgot password',
    chunk: 'forms',
    module: 'features/auth/components/forgot-password-page',
    load: () => import('../../features/auth/components/forgot-password-page'),
    export: 'ForgotPasswordPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.userNotFound,
    title: 'User not found',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'UserNotFoundPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.serverError,
    title: 'Server error',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'ServerErrorPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.projectNotFound,
    title: 'Project not found',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'ProjectNotFoundPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.pageNotFound,
    title: 'Page not found',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'NotFoundPage',
  }),
  page({
    ...publicPage,
    path: '/*',
    title: 'Page not found',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'NotFoundPage',
  }),

  // Signed-in only, short header: no token leads to login.
  page({
    ...account,
    path: ROUTES.profile,
    title: 'Profile',
    chunk: 'forms',
    module: 'features/account/components/profile-page',
    load: () => import('../../features/account/components/profile-page'),
    export: 'ProfilePage',
  }),
  page({
    ...account,
    path: ROUTES.changePassword,
    title: 'Change password',
    chunk: 'forms',
    module: 'features/account/components/change-password-page',
    load: () => import('../../features/account/components/change-password-page'),
    export: 'ChangePasswordPage',
  }),
  page({
    ...account,
    path: ROUTES.secondFactor,
    title: 'Two-step sign-in',
    chunk: 'forms',
    module: 'features/account/components/second-factor-page',
    load: () => import('../../features/account/components/second-factor-page'),
    export: 'SecondFactorPage',
  }),
  page({
    ...account,
    path: ROUTES.addReview,
    title: 'Write a review',
    chunk: 'forms',
    module: 'features/reviews/components/add-review-page',
    load: () => import('../../features/reviews/components/add-review-page'),
    export: 'AddReviewPage',
  }),
  page({
    ...account,
    path: ROUTES.addFunds,
    title: 'Add funds',
    chunk: 'forms',
    module: 'features/wallet/components/add-funds-page',
    load: () => import('../../features/wallet/components/add-funds-page'),
    export: 'AddFundsPage',
  }),
  page({
    ...account,
    path: ROUTES.withdraw,
    title: 'Withdraw',
    chunk: 'forms',
    module: 'app/routes/wallet-route-pages',
    load: () => import('./wallet-route-pages'),
    export: 'WithdrawRoutePage',
  }),
  page({
    ...account,
    path: ROUTES.transactions,
    title: 'Transactions',
    chunk: 'kit',
    module: 'features/wallet/components/transactions-page',
    load: () => import('../../features/wallet/components/transactions-page'),
    export: 'TransactionsPage',
  }),
  page({
    ...account,
    path: ROUTES.notifications,
    title: 'Notifications',
    chunk: 'kit',
    module: 'features/notifications/components/notifications-page',
    load: () => import('../../features/notifications/components/notifications-page'),
    export: 'NotificationsPage',
  }),

  // IDs, full header with the tab row.
  page({
    ...ids,
    path: ROUTES.createIdList,
    title: 'Create ID',
    chunk: 'kit',
    module: 'features/ids/components/create-id-list-page',
    load: () => import('../../features/ids/components/create-id-list-page'),
    export: 'CreateIdListPage',
  }),
  page({
    ...ids,
    path: ROUTES.demoIds,
    title: 'Demo ID',
    chunk: 'kit',
    module: 'features/ids/components/demo-ids-page',
    load: () => import('../../features/ids/components/demo-ids-page'),
    export: 'DemoIdsPage',
  }),
  page({
    ...ids,
    path: ROUTES.myIds,
    title: 'My IDs',
    chunk: 'kit',
    module: 'features/ids/components/my-ids-page',
    load: () => import('../../features/ids/components/my-ids-page'),
    export: 'MyIdsPage',
  }),
  page({
    ...idsSignedIn,
    path: '/create_id/:id',
    title: 'Request an ID',
    chunk: 'forms',
    module: 'app/routes/id-route-pages',
    load: () => import('./id-route-pages'),
    export: 'CreateIdRoutePage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id',
    title: 'ID details',
    chunk: 'forms',
    module: 'features/ids/components/my-id-page',
    load: () => import('../../features/ids/components/my-id-page'),
    export: 'MyIdPage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id/deposit',
    title: 'Deposit',
    chunk: 'forms',
    module: 'app/routes/id-route-pages',
    load: () => import('./id-route-pages'),
    export: 'MyIdDepositRoutePage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id/withdraw',
    title: 'Withdraw from ID',
    chunk: 'forms',
    module: 'features/ids/components/my-id-withdraw-page',
    load: () => import('../../features/ids/components/my-id-withdraw-page'),
    export: 'MyIdWithdrawPage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id/close',
    title: 'Close ID',
    chunk: 'forms',
    module: 'features/ids/components/my-id-close-page',
    load: () => import('../../features/ids/components/my-id-close-page'),
    export: 'MyIdClosePage',
  }),

  // Admin: a token with the admin flag, else login. A guest never downloads these chunks.
  ...(
    [
      [ROUTES.admin, 'IDs', 'AdminIdsPage'],
      [ROUTES.adminDashboard, 'Dashboard', 'AdminDashboardPage'],
      [ROUTES.adminAudit, 'Audit trail', 'AdminAuditPage'],
      [ROUTES.adminIds, 'IDs', 'AdminIdsPage'],
      [ROUTES.adminIdCreate, 'Add ID', 'AdminIdCreatePage'],
      ['/admin/ids/:id/edit', 'Edit ID', 'AdminIdEditPage'],
      [ROUTES.adminNewIds, 'New ID', 'AdminNewIdsPage'],
      ['/admin/new_ids/:id', 'New ID', 'AdminNewIdPage'],
      [ROUTES.adminUsers, 'Users', 'AdminUsersPage'],
      ['/admin/users/:id', 'User', 'AdminUserRoutePage'],
      ['/admin/users/:id/transactions', 'Transactions', 'AdminUserTransactionsPage'],
      [ROUTES.adminRequestsPending, 'ID requests', 'AdminRequestsPendingPage'],
      [ROUTES.adminRequestsDone, 'ID requests', 'AdminRequestsDonePage'],
      ['/admin/requests/:id', 'Request', 'AdminRequestPage'],
      [ROUTES.adminBillsPending, 'Bills', 'AdminBillsPendingPage'],
      [ROUTES.adminBillsDone, 'Bills', 'AdminBillsDonePage'],
      ['/admin/bills/:id', 'Bill', 'AdminBillPage'],
      [ROUTES.adminWithdrawPending, 'Withdraw', 'AdminWithdrawPendingPage'],
      [ROUTES.adminWithdrawDone, 'Withdraw', 'AdminWithdrawDonePage'],
      ['/admin/withdraw/:id', 'Withdrawal', 'AdminWithdrawPage'],
      [ROUTES.adminPaymentTypes, 'Payment types', 'AdminPaymentTypesPage'],
      [ROUTES.adminPaymentTypeCreate, 'Add payment type', 'AdminPaymentTypeCreatePage'],
      ['/admin/payment_types/:id/edit', 'Edit payment type', 'AdminPaymentTypeEditPage'],
      [ROUTES.adminStaff, 'Staff', 'AdminStaffRoutePage'],
    ] as const
  ).map(([path, title, name]) =>
    page({ ...admin, path, title, module: ADMIN, load: loadAdmin, export: name }),
  ),
  ...(
    [
      [ROUTES.adminTopBlock, 'Top block', 'AdminTopBlockPage'],
      [ROUTES.adminSettings, 'Settings', 'AdminSettingsPage'],
      [ROUTES.adminMedia, 'Media', 'AdminMediaPage'],
      [ROUTES.adminReviews, 'Reviews', 'AdminReviewsPage'],
    ] as const
  ).map(([path, title, name]) =>
    page({ ...admin, path, title, module: CONTENT_ADMIN, load: loadContentAdmin, export: name }),
  ),
];

/** Paths that only redirect (no page of their own). */
export const REDIRECTS: readonly { path: string; to: string }[] = [
  { path: ROUTES.home, to: ROUTES.createIdList },
  { path: ROUTES.ids, to: ROUTES.createIdList },
];

/** A path with no parameter and no wildcard: the build writes an HTML file for it. */
export const isFixedPath = (path: string) => !/[:*]/.test(path);
