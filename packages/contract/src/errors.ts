import { z } from 'zod';

/** Machine-readable error codes carried by every error envelope (docs/product.md#errors-on-the-wire). */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  /** 401: the token belonged to an account that staff have blocked since (issue 17). */
  'ACCOUNT_BLOCKED',
  'FORBIDDEN',
  /** 403: a staff account without a second factor; it must enrol first (issue 15). */
  'SECOND_FACTOR_REQUIRED',
  'NOT_FOUND',
  'VALIDATION',
  'CONFLICT',
  'INSUFFICIENT_BALANCE',
  'ALREADY_HANDLED',
  /**
   * 409: another staff member has this queue item open (issue 55 item 2); the message names them.
   * Nothing changed: decide once they release it, it expires, or an owner releases it.
   */
  'CLAIMED_BY_OTHER',
  'ID_NOT_ACTIVE',
  /** 409: a close of this ID is waiting for the desk; it takes no other request meanwhile (issue 17). */
  'ID_CLOSING',
  /** 409: approving a payment whose reference (UTR) is already approved elsewhere, without a reason. */
  'REUSED_PROOF',
  /**
   * 409: approving a payment flagged otherwise (its reference on another payment, a look-alike
   * screenshot) without a reason (issue 51).
   */
  'PROOF_FLAGGED',
  /** 409: a customer's payment reference (UTR) is already on an approved payment. */
  'REFERENCE_ALREADY_USED',
  /**
   * 409: the owner's "credit only statement-matched top-ups" is on and no line of an imported
   * bank statement backs this top-up (issue 54, money rule 13).
   */
  'NOT_ON_STATEMENT',
  /** 409: a staff account is enabled or disabled only through staff management (/admin/staff), never block/unblock. */
  'STAFF_ACCOUNT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVER_ERROR',
  /** 503: the database (or another backend) cannot be reached right now; see Retry-After. */
  'SERVICE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({
  message: z.string(),
  data: z.null(),
  code: ErrorCodeSchema.optional(),
  /** 422 only: field name → messages, first one shown to the user. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** 5xx only: the id of the request in the server's logs, for the customer to quote. */
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
