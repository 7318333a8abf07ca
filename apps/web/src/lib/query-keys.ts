/**
 * Query keys more than one feature touches: a money action in one place refreshes what another
 * shows (the side menu balance, the customer's payment types and transactions).
 */
export const QUERY_KEYS = {
  passport: ['user', 'passport'],
  paymentTypes: ['payment-types'],
  transactions: ['transactions'],
  admin: ['admin'],
} as const;
