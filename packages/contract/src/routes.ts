/** Client routes (docs/product.md#screens-and-routes) and the named navigation targets. */
export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  media: '/media',
  reviews: '/reviews',
  contacts: '/contacts',
  policy: '/policy',
  forgotPassword: '/forgot_password',
  resetPassword: (id: string) => `/reset_password/${encodeURIComponent(id)}`,
  profile: '/profile',
  changePassword: '/change_password',
  addReview: '/add_review',
  addFunds: '/add_funds',
  withdraw: '/withdraw',
  notifications: '/notifications',
  /** The signed-in user's wallet movements (issue 3). */
  transactions: '/transactions',
  /** A movement's receipt (issue 56). */
  transaction: (id: number | string) => `/transactions/${id}`,
  ids: '/ids',
  demoIds: '/demo_ids',
  createIdList: '/create_id',
  createId: (id: number | string) => `/create_id/${id}`,
  myIds: '/my_ids',
  myId: (id: number | string) => `/my_ids/${id}`,
  myIdDeposit: (id: number | string) => `/my_ids/${id}/deposit`,
  myIdWithdraw: (id: number | string) => `/my_ids/${id}/withdraw`,
  myIdClose: (id: number | string) => `/my_ids/${id}/close`,
  admin: '/admin',
  /** Where staff land after signing in (issue 16 item 4, issue 17 item 4). */
  adminDashboard: '/admin/dashboard',
  /** Every staff action, read-only (issue 16 item 6). */
  adminAudit: '/admin/audit',
  adminIds: '/admin/ids',
  adminTopBlock: '/admin/top_block',
  /** Site settings, media and review moderation (issue 6). */
  adminSettings: '/admin/settings',
  adminMedia: '/admin/media',
  adminReviews: '/admin/reviews',
  adminIdCreate: '/admin/ids/create',
  adminIdEdit: (id: number | string) => `/admin/ids/${id}/edit`,
  adminNewIds: '/admin/new_ids',
  adminNewId: (id: number | string) => `/admin/new_ids/${id}`,
  adminUsers: '/admin/users',
  adminUser: (id: number | string) => `/admin/users/${id}`,
  adminUserTransactions: (id: number | string) => `/admin/users/${id}/transactions`,
  adminRequestsPending: '/admin/requests_pending',
  adminRequestsDone: '/admin/requests_done',
  adminRequest: (id: number | string) => `/admin/requests/${id}`,
  adminBillsPending: '/admin/bills_pending',
  adminBillsDone: '/admin/bills_done',
  adminBill: (id: number | string) => `/admin/bills/${id}`,
  adminWithdrawPending: '/admin/withdraw_pending',
  adminWithdrawDone: '/admin/withdraw_done',
  adminWithdraw: (id: number | string) => `/admin/withdraw/${id}`,
  /** Payment types the customers pay to (issue 3). */
  adminPaymentTypes: '/admin/payment_types',
  adminPaymentTypeCreate: '/admin/payment_types/create',
  adminPaymentTypeEdit: (id: number | string) => `/admin/payment_types/${id}/edit`,
  /** Bank statements: the imports, one import's reconciliation, a new import (issue 54). */
  adminStatements: '/admin/statements',
  adminStatementImport: '/admin/statements/import',
  adminStatement: (id: number | string) => `/admin/statements/${id}`,
  /** Staff accounts and roles, owners only (issue 15). */
  adminStaff: '/admin/staff',
  /** Enrol a second factor (issue 15). */
  secondFactor: '/second_factor',
} as const;

/** docs/product.md#named-navigation-targets */
export const NAMED_ROUTES = {
  home: ROUTES.home,
  media: ROUTES.media,
  reviews: ROUTES.reviews,
  contacts: ROUTES.contacts,
  login: ROUTES.login,
  admin: ROUTES.admin,
  add_funds: ROUTES.addFunds,
  create_id_list: ROUTES.createIdList,
  demo_id_list: ROUTES.demoIds,
  my_ids: ROUTES.myIds,
} as const;
export type RouteName = keyof typeof NAMED_ROUTES;

/** API paths (all under /api). */
export const API = {
  register: '/auth/register',
  login: '/auth/login',
  /** Sign-in with a generated password, step two: the challenge and the user's own password. */
  loginNewPassword: '/auth/new_password',
  logout: '/auth/logout',
  exists: '/user/exists',
  passport: '/user/passport',
  updateUser: '/user/update',
  updatePassword: '/user/update/password',
  /** The account's language (issue 18). */
  updateLocale: '/user/locale',
  marque: '/marque',
  adminMarque: '/admin/marque',
} as const;
