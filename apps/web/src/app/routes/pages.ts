import { ERROR_ROUTES, ROUTES } from '@iddesk/contract';
import type { KeyOf, StaffPermission } from '@iddesk/contract';
import type { LayoutName } from '../route-handle';

/** A page's title: its key in the `common` catalogue, shown in the page's language. */
export type PageTitleKey = Extract<KeyOf<'common'>, `titles.${string}`>;

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
 * into the `kit` chunk, what most `forms` pages share (and no `kit` page) into `forms`
 * (react-hook-form, the form kit, the fields); what only a few form pages share is split by
 * the bundler; `admin` pages are one lazy chunk a guest never loads, and what they share stays
 * with them.
 */
export type ChunkGroup = 'app' | 'kit' | 'forms' | 'admin';

export type Page = {
  /** The URL pattern, from the root (`/my_ids/:id`). */
  path: string;
  layout: LayoutName;
  /** The dark page background of the auth and admin layouts. */
  dark?: boolean;
  guard?: Guard;
  /**
   * A staff page: what the staff role needs to open it (the contract's `ROLE_PERMISSIONS`, the
   * same the server checks on the page's calls). Checked before the page renders; a role
   * without it gets the "not for your role" page, and the admin menus list only what it may
   * open (issue 56).
   */
  permission?: StaffPermission;
  /**
   * A form that moves money or asks for a code: the phone's Share / Chat / Follow Us bar and
   * the floating chat buttons step aside, so nothing sits over its fields, its total or its
   * button (issue 56). The bar (docs/product.md#the-product) stays on every other page.
   */
  focused?: boolean;
  title: PageTitleKey;
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
    title: 'titles.login',
    chunk: 'forms',
    module: 'features/auth/components/login-page',
    load: () => import('../../features/auth/components/login-page'),
    export: 'LoginPage',
  }),
  page({
    ...auth,
    path: ROUTES.register,
    title: 'titles.register',
    chunk: 'forms',
    module: 'features/auth/components/register-page',
    load: () => import('../../features/auth/components/register-page'),
    export: 'RegisterPage',
  }),

  // Public pages, short header.
  page({
    ...publicPage,
    path: ROUTES.media,
    title: 'titles.media',
    chunk: 'kit',
    module: 'features/media/components/media-page',
    load: () => import('../../features/media/components/media-page'),
    export: 'MediaPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.reviews,
    title: 'titles.reviews',
    chunk: 'kit',
    module: 'features/reviews/components/reviews-page',
    load: () => import('../../features/reviews/components/reviews-page'),
    export: 'ReviewsPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.contacts,
    title: 'titles.contacts',
    chunk: 'kit',
    module: 'features/site/components/contacts-page',
    load: () => import('../../features/site/components/contacts-page'),
    export: 'ContactsPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.policy,
    title: 'titles.terms',
    chunk: 'kit',
    module: 'features/site/components/policy-page',
    load: () => import('../../features/site/components/policy-page'),
    export: 'PolicyPage',
  }),
  page({
    ...publicPage,
    path: '/reset_password/:id',
    title: 'titles.resetPassword',
    chunk: 'forms',
    module: 'features/auth/components/reset-password-page',
    load: () => import('../../features/auth/components/reset-password-page'),
    export: 'ResetPasswordPage',
  }),
  page({
    ...publicPage,
    path: ROUTES.forgotPassword,
    title: 'titles.forgotPassword',
    chunk: 'forms',
    module: 'features/auth/components/forgot-password-page',
    load: () => import('../../features/auth/components/forgot-password-page'),
    export: 'ForgotPasswordPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.userNotFound,
    title: 'titles.userNotFound',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'UserNotFoundPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.serverError,
    title: 'titles.serverError',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'ServerErrorPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.projectNotFound,
    title: 'titles.projectNotFound',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'ProjectNotFoundPage',
  }),
  page({
    ...publicPage,
    path: ERROR_ROUTES.pageNotFound,
    title: 'titles.pageNotFound',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'NotFoundPage',
  }),
  page({
    ...publicPage,
    path: '/*',
    title: 'titles.pageNotFound',
    chunk: 'app',
    module: ERRORS,
    load: loadErrors,
    export: 'NotFoundPage',
  }),

  // Signed-in only, short header: no token leads to login.
  page({
    ...account,
    path: ROUTES.profile,
    title: 'titles.profile',
    chunk: 'forms',
    module: 'features/account/components/profile-page',
    load: () => import('../../features/account/components/profile-page'),
    export: 'ProfilePage',
  }),
  page({
    ...account,
    path: ROUTES.changePassword,
    title: 'titles.changePassword',
    chunk: 'forms',
    module: 'features/account/components/change-password-page',
    load: () => import('../../features/account/components/change-password-page'),
    export: 'ChangePasswordPage',
  }),
  page({
    ...account,
    path: ROUTES.secondFactor,
    focused: true,
    title: 'titles.secondFactor',
    chunk: 'forms',
    module: 'features/account/components/second-factor-page',
    load: () => import('../../features/account/components/second-factor-page'),
    export: 'SecondFactorPage',
  }),
  page({
    ...account,
    path: ROUTES.addReview,
    title: 'titles.writeReview',
    chunk: 'forms',
    module: 'features/reviews/components/add-review-page',
    load: () => import('../../features/reviews/components/add-review-page'),
    export: 'AddReviewPage',
  }),
  page({
    ...account,
    path: ROUTES.addFunds,
    focused: true,
    title: 'titles.addFunds',
    chunk: 'forms',
    module: 'features/wallet/components/add-funds-page',
    load: () => import('../../features/wallet/components/add-funds-page'),
    export: 'AddFundsPage',
  }),
  page({
    ...account,
    path: ROUTES.withdraw,
    focused: true,
    title: 'titles.withdraw',
    chunk: 'forms',
    module: 'app/routes/wallet-route-pages',
    load: () => import('./wallet-route-pages'),
    export: 'WithdrawRoutePage',
  }),
  page({
    ...account,
    path: ROUTES.transactions,
    title: 'titles.transactions',
    chunk: 'kit',
    module: 'features/wallet/components/transactions-page',
    load: () => import('../../features/wallet/components/transactions-page'),
    export: 'TransactionsPage',
  }),
  page({
    ...account,
    path: ROUTES.transaction(':id'),
    title: 'titles.transactions',
    chunk: 'forms',
    module: 'features/wallet/components/receipt-page',
    load: () => import('../../features/wallet/components/receipt-page'),
    export: 'ReceiptPage',
  }),
  page({
    ...account,
    path: ROUTES.notifications,
    title: 'titles.notifications',
    chunk: 'kit',
    module: 'features/notifications/components/notifications-page',
    load: () => import('../../features/notifications/components/notifications-page'),
    export: 'NotificationsPage',
  }),

  // IDs, full header with the tab row.
  page({
    ...ids,
    path: ROUTES.createIdList,
    title: 'titles.createId',
    chunk: 'kit',
    module: 'features/ids/components/create-id-list-page',
    load: () => import('../../features/ids/components/create-id-list-page'),
    export: 'CreateIdListPage',
  }),
  page({
    ...ids,
    path: ROUTES.demoIds,
    title: 'titles.demoId',
    chunk: 'kit',
    module: 'features/ids/components/demo-ids-page',
    load: () => import('../../features/ids/components/demo-ids-page'),
    export: 'DemoIdsPage',
  }),
  page({
    ...ids,
    path: ROUTES.myIds,
    title: 'titles.myIds',
    chunk: 'kit',
    module: 'features/ids/components/my-ids-page',
    load: () => import('../../features/ids/components/my-ids-page'),
    export: 'MyIdsPage',
  }),
  page({
    ...idsSignedIn,
    path: '/create_id/:id',
    focused: true,
    title: 'titles.requestId',
    chunk: 'forms',
    module: 'app/routes/id-route-pages',
    load: () => import('./id-route-pages'),
    export: 'CreateIdRoutePage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id',
    title: 'titles.idDetails',
    chunk: 'forms',
    module: 'features/ids/components/my-id-page',
    load: () => import('../../features/ids/components/my-id-page'),
    export: 'MyIdPage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id/deposit',
    focused: true,
    title: 'titles.deposit',
    chunk: 'forms',
    module: 'app/routes/id-route-pages',
    load: () => import('./id-route-pages'),
    export: 'MyIdDepositRoutePage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id/withdraw',
    focused: true,
    title: 'titles.withdrawFromId',
    chunk: 'forms',
    module: 'features/ids/components/my-id-withdraw-page',
    load: () => import('../../features/ids/components/my-id-withdraw-page'),
    export: 'MyIdWithdrawPage',
  }),
  page({
    ...idsSignedIn,
    path: '/my_ids/:id/close',
    focused: true,
    title: 'titles.closeId',
    chunk: 'forms',
    module: 'features/ids/components/my-id-close-page',
    load: () => import('../../features/ids/components/my-id-close-page'),
    export: 'MyIdClosePage',
  }),

  // Admin: a token with the admin flag, else login. A guest never downloads these chunks.
  ...(
    [
      [ROUTES.admin, 'titles.admin.ids', 'AdminIdsPage', 'content.manage'],
      [ROUTES.adminDashboard, 'titles.admin.dashboard', 'AdminDashboardPage', 'stats.read'],
      [ROUTES.adminAudit, 'titles.admin.audit', 'AdminAuditPage', 'stats.read'],
      [ROUTES.adminIds, 'titles.admin.ids', 'AdminIdsPage', 'content.manage'],
      [ROUTES.adminIdCreate, 'titles.admin.addId', 'AdminIdCreatePage', 'content.manage'],
      ['/admin/ids/:id/edit', 'titles.admin.editId', 'AdminIdEditPage', 'content.manage'],
      [ROUTES.adminNewIds, 'titles.admin.newId', 'AdminNewIdsPage', 'queues.read'],
      ['/admin/new_ids/:id', 'titles.admin.newId', 'AdminNewIdPage', 'queues.read'],
      [ROUTES.adminUsers, 'titles.admin.users', 'AdminUsersPage', 'users.read'],
      ['/admin/users/:id', 'titles.admin.user', 'AdminUserRoutePage', 'users.read'],
      ['/admin/users/:id/transactions', 'titles.admin.transactions', 'AdminUserTransactionsPage', 'users.read'],
      [ROUTES.adminRequestsPending, 'titles.admin.idRequests', 'AdminRequestsPendingPage', 'queues.read'],
      [ROUTES.adminRequestsDone, 'titles.admin.idRequests', 'AdminRequestsDonePage', 'queues.read'],
      ['/admin/requests/:id', 'titles.admin.request', 'AdminRequestPage', 'queues.read'],
      [ROUTES.adminBillsPending, 'titles.admin.bills', 'AdminBillsPendingPage', 'queues.read'],
      [ROUTES.adminBillsDone, 'titles.admin.bills', 'AdminBillsDonePage', 'queues.read'],
      ['/admin/bills/:id', 'titles.admin.bill', 'AdminBillPage', 'queues.read'],
      [ROUTES.adminWithdrawPending, 'titles.admin.withdraw', 'AdminWithdrawPendingPage', 'queues.read'],
      [ROUTES.adminWithdrawDone, 'titles.admin.withdraw', 'AdminWithdrawDonePage', 'queues.read'],
      ['/admin/withdraw/:id', 'titles.admin.withdrawal', 'AdminWithdrawPage', 'queues.read'],
      [ROUTES.adminPaymentTypes, 'titles.admin.paymentTypes', 'AdminPaymentTypesPage', 'payment_types.manage'],
      [ROUTES.adminPaymentTypeCreate, 'titles.admin.addPaymentType', 'AdminPaymentTypeCreatePage', 'payment_types.manage'],
      ['/admin/payment_types/:id/edit', 'titles.admin.editPaymentType', 'AdminPaymentTypeEditPage', 'payment_types.manage'],
      [ROUTES.adminStatements, 'titles.admin.statements', 'AdminStatementsPage', 'queues.read'],
      [ROUTES.adminStatementImport, 'titles.admin.statementImport', 'AdminStatementImportPage', 'statements.import'],
      ['/admin/statements/:id', 'titles.admin.statement', 'AdminStatementPage', 'queues.read'],
      [ROUTES.adminStaff, 'titles.admin.staff', 'AdminStaffRoutePage', 'staff.manage'],
    ] as const
  ).map(([path, title, name, permission]) =>
    page({ ...admin, path, title, permission, module: ADMIN, load: loadAdmin, export: name }),
  ),
  ...(
    [
      [ROUTES.adminTopBlock, 'titles.admin.topBlock', 'AdminTopBlockPage', 'content.manage'],
      [ROUTES.adminSettings, 'titles.admin.settings', 'AdminSettingsPage', 'content.manage'],
      [ROUTES.adminMedia, 'titles.admin.media', 'AdminMediaPage', 'content.manage'],
      [ROUTES.adminReviews, 'titles.admin.reviews', 'AdminReviewsPage', 'content.manage'],
    ] as const
  ).map(([path, title, name, permission]) =>
    page({ ...admin, path, title, permission, module: CONTENT_ADMIN, load: loadContentAdmin, export: name }),
  ),
];

/** Paths that only redirect (no page of their own). */
export const REDIRECTS: readonly { path: string; to: string }[] = [
  { path: ROUTES.home, to: ROUTES.createIdList },
  { path: ROUTES.ids, to: ROUTES.createIdList },
];

/** What a staff role needs to open the page at `path` (an admin path), from the table. */
export function pagePermission(path: string): StaffPermission | undefined {
  return PAGES.find((p) => p.path === path)?.permission;
}

/** A path with no parameter and no wildcard: the build writes an HTML file for it. */
export const isFixedPath = (path: string) => !/[:*]/.test(path);
