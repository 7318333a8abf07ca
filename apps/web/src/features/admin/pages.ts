/** Entry point of the lazily loaded admin chunk. */
export * from './components/admin-catalogue-pages';
export * from './components/admin-queue-pages';
export { AdminBillsDonePage, AdminBillsPendingPage } from './components/bill-list-pages';
export { AdminBillPage } from './components/bill-page';
export {
  AdminWithdrawDonePage,
  AdminWithdrawPendingPage,
} from './components/withdrawal-list-pages';
export { AdminWithdrawPage } from './components/withdrawal-page';
export { AdminUsersPage } from './components/users-page';
export { AdminUserPage } from './components/user-page';
export { AdminUserTransactionsPage } from './components/user-transactions-page';
export { AdminPaymentTypesPage } from './components/payment-types-page';
export {
  AdminPaymentTypeCreatePage,
  AdminPaymentTypeEditPage,
} from './components/payment-type-pages';
