/** Entry point of the lazily loaded admin chunk. */
export { AdminIdsPage } from './components/catalogue-page';
export { AdminIdCreatePage, AdminIdEditPage } from './components/catalogue-item-pages';
export { AdminNewIdsPage } from './components/new-id-list-page';
export { AdminNewIdPage } from './components/new-id-page';
export {
  AdminRequestsDonePage,
  AdminRequestsPendingPage,
} from './components/id-request-list-pages';
export { AdminRequestPage } from './components/id-request-page';
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
