/**
 * Entry point of the lazily loaded admin chunk: the staff pages of the IDs, wallet and account
 * domains (the site-content ones are in content-admin-pages.ts). app/ composes them.
 */
export { AdminDashboardPage } from '../../features/desk/admin/components/dashboard-page';
export { AdminAuditPage } from '../../features/desk/admin/components/audit-page';
export { AdminIdsPage } from '../../features/ids/admin/components/catalogue-page';
export {
  AdminIdCreatePage,
  AdminIdEditPage,
} from '../../features/ids/admin/components/catalogue-item-pages';
export { AdminNewIdsPage } from '../../features/ids/admin/components/new-id-list-page';
export { AdminNewIdPage } from '../../features/ids/admin/components/new-id-page';
export {
  AdminRequestsDonePage,
  AdminRequestsPendingPage,
} from '../../features/ids/admin/components/id-request-list-pages';
export { AdminRequestPage } from '../../features/ids/admin/components/id-request-page';
export {
  AdminBillsDonePage,
  AdminBillsPendingPage,
} from '../../features/wallet/admin/components/bill-list-pages';
export { AdminBillPage } from '../../features/wallet/admin/components/bill-page';
export {
  AdminWithdrawDonePage,
  AdminWithdrawPendingPage,
} from '../../features/wallet/admin/components/withdrawal-list-pages';
export { AdminWithdrawPage } from '../../features/wallet/admin/components/withdrawal-page';
export { AdminUsersPage } from '../../features/account/admin/components/users-page';
export { AdminUserRoutePage } from './user-route-page';
export { AdminUserTransactionsPage } from '../../features/account/admin/components/user-transactions-page';
export { AdminPaymentTypesPage } from '../../features/wallet/admin/components/payment-types-page';
export {
  AdminPaymentTypeCreatePage,
  AdminPaymentTypeEditPage,
} from '../../features/wallet/admin/components/payment-type-pages';
export { AdminStaffRoutePage } from './staff-route-page';
export { AdminNotForRolePage } from './not-for-role-page';
export { AdminStatementsPage } from '../../features/wallet/admin/components/statements-page';
export { AdminStatementImportPage } from '../../features/wallet/admin/components/statement-import-page';
export { AdminStatementPage } from '../../features/wallet/admin/components/statement-page';
