/**
 * API paths of the wallet issue, relative to `/api` like `API` in routes.ts. Functions take
 * an id; the server passes `':id'` to get its route pattern from the same function.
 */
type Id = number | string;

export const WALLET_API = {
  paymentTypes: '/payment_types',
  addFunds: '/add_funds',
  withdraw: '/withdraw',
  /** The caller's wallet withdrawals today against the daily payout total (rule 8). */
  withdrawToday: '/withdraw/today',
  transactions: '/transactions',
  /** The caller's statement: their ledger as CSV, filtered like the list (issue 56). */
  transactionsCsv: '/transactions/export.csv',
  /** One of the caller's own movements, for its receipt (another user's answers 404). */
  transaction: (id: Id) => `/transactions/${id}`,
  /** The caller's own bill or withdrawal (another user's answers 404). */
  bill: (id: Id) => `/bills/${id}`,
  withdrawal: (id: Id) => `/withdraw/${id}`,
  /** The caller cancels their own pending bill or withdrawal (issue 17); a hold returns at once. */
  billCancel: (id: Id) => `/bills/${id}/cancel`,
  withdrawalCancel: (id: Id) => `/withdraw/${id}/cancel`,

  adminPaymentTypes: '/admin/payment_types',
  adminPaymentTypeCreate: '/admin/payment_types/create',
  adminPaymentTypeEdit: (id: Id) => `/admin/payment_types/${id}/edit`,
  adminPaymentTypeDeactivate: (id: Id) => `/admin/payment_types/${id}/deactivate`,
  adminPaymentTypeActivate: (id: Id) => `/admin/payment_types/${id}/activate`,

  adminBills: '/admin/bills',
  adminBill: (id: Id) => `/admin/bills/${id}`,
  adminBillApprove: (id: Id) => `/admin/bills/${id}/approve`,
  adminBillReject: (id: Id) => `/admin/bills/${id}/reject`,

  adminWithdrawals: '/admin/withdraw',
  adminWithdrawal: (id: Id) => `/admin/withdraw/${id}`,
  adminWithdrawalApprove: (id: Id) => `/admin/withdraw/${id}/approve`,
  adminWithdrawalReject: (id: Id) => `/admin/withdraw/${id}/reject`,

  adminUsers: '/admin/users',
  adminUser: (id: Id) => `/admin/users/${id}`,
  adminUserBlock: (id: Id) => `/admin/users/${id}/block`,
  adminUserUnblock: (id: Id) => `/admin/users/${id}/unblock`,
  adminUserTransactions: (id: Id) => `/admin/users/${id}/transactions`,
  adminDepositCreate: '/admin/deposit/create',
  adminWithdrawCreate: '/admin/withdraw/create',

  /**
   * Uploaded files. Responses carry these as full paths (with `/api`) in `proof_url`,
   * `payout_proof_url` and `qr_url`. Proofs are private: fetch them with the
   * Authorization header (as a blob); public files work in a plain `<img src>`.
   */
  proofFile: (key: string) => `/files/proofs/${key}`,
  publicFile: (key: string) => `/files/public/${key}`,
} as const;
