/**
 * Query keys more than one feature touches: a money action in one place refreshes what another
 * shows (the side menu balance, the customer's payment types and transactions).
 */
export const QUERY_KEYS = {
  passport: ['user', 'passport'],
  paymentTypes: ['payment-types'],
  transactions: ['transactions'],
  /** The catalogue as customers see it (admin edits refresh it). */
  catalogue: ['ids', 'catalogue'],
  /** The customer's own IDs, their details and request histories. */
  userIds: ['user-ids'],
  admin: ['admin'],
  /** The account's Telegram link: the profile shows it, the staff sound dialog points to it. */
  telegram: ['user', 'telegram'],
} as const;
