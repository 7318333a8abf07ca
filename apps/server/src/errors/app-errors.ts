import type { ErrorCode } from '@iddesk/contract';
import { t } from '../lib/i18n';

/** Field name → messages, the first one shown to the user (docs/product.md#errors-on-the-wire). */
export type FieldErrors = Record<string, string[]>;

/**
 * Errors services throw. Messages are written in the call's language when the error is made:
 * pass `t('api.…')` (lib/i18n.ts), never English text (scripts/i18n-check.mjs). The error handler turns each into the envelope
 * `{ message, data: null, code, errors? }` with its status; nothing else decides statuses.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = t('api.badRequest')) {
    super(400, 'BAD_REQUEST', message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor() {
    super(401, 'UNAUTHENTICATED', t('api.unauthenticated'));
  }
}

/** 401 to a token whose account staff blocked: the session ended, and the customer is told why. */
export class AccountBlockedError extends AppError {
  constructor() {
    super(401, 'ACCOUNT_BLOCKED', t('api.auth.blocked'));
  }
}

export class ForbiddenError extends AppError {
  constructor(message = t('api.forbidden')) {
    super(403, 'FORBIDDEN', message);
  }
}

/** 403 to a staff account that must enrol a second factor before any admin call (issue 15). */
export class SecondFactorRequiredError extends AppError {
  constructor() {
    super(403, 'SECOND_FACTOR_REQUIRED', t('api.secondFactorRequired'));
  }
}

/** Also used for other users' objects: never reveal that they exist. */
export class NotFoundError extends AppError {
  constructor(message = t('api.notFound')) {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(
    code: Extract<
      ErrorCode,
      | 'CONFLICT'
      | 'INSUFFICIENT_BALANCE'
      | 'ALREADY_HANDLED'
      | 'CLAIMED_BY_OTHER'
      | 'ID_NOT_ACTIVE'
      | 'ID_CLOSING'
      | 'REUSED_PROOF'
      | 'PROOF_FLAGGED'
      | 'REFERENCE_ALREADY_USED'
      | 'STAFF_ACCOUNT'
      | 'NOT_ON_STATEMENT'
    >,
    message: string,
  ) {
    super(409, code, message);
  }
}

/** 422 whose top-level message is the first field error. */
export class ValidationError extends AppError {
  constructor(errors: FieldErrors) {
    super(422, 'VALIDATION', firstMessage(errors), errors);
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export class RateLimitedError extends AppError {
  /** `retryAfterSeconds`, when given, is sent as the Retry-After header. */
  constructor(
    retryAfterMs: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, 'RATE_LIMITED', t('api.rateLimited', { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) }));
  }
}

/** 503 with Retry-After: readiness while draining or unhealthy, or a backend that is down. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(503, 'SERVICE_UNAVAILABLE', message);
  }
}

export function firstMessage(errors: FieldErrors): string {
  for (const messages of Object.values(errors)) {
    if (messages[0]) return messages[0];
  }
  return t('api.invalidData');
}
