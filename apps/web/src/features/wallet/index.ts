/**
 * The wallet's public surface: the payment pieces other domains use when they take a payment
 * (IDs' creation and deposit forms) or show a ledger (a user's transactions in the staff pages).
 * Other domains import the wallet only through this file (eslint `import-x/no-restricted-paths`).
 */
export { paymentTypesQueryOptions, usePaymentTypes } from './api/get-payment-types';
export { PaymentDetails } from './components/payment-details';
export { PaymentProofFields, PaymentTypeChoice } from './components/payment-proof-fields';
export { PaymentTypePicker } from './components/payment-type-picker';
export { SignedAmount, TransactionList } from './components/transaction-list';
