import { type ErrorBody, type ErrorCode, SERVICE_UNAVAILABLE_MESSAGE } from '@iddesk/contract';
import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { isDatabaseUnavailable } from '../db/pg-errors';
import {
  AppError,
  type FieldErrors,
  firstMessage,
  RateLimitedError,
  ServiceUnavailableError,
} from './app-errors';
import { addFieldError, fieldErrorsFromIssues, RequestValidationError } from './request-validation';

type ErrorResponse = { status: number; body: ErrorBody };

const respond = (status: number, code: ErrorCode, message: string): ErrorResponse => ({
  status,
  body: { message, data: null, code },
});

/** Fastify's own error codes that deserve a precise answer instead of a generic 4xx. */
const FASTIFY_ERRORS: Record<string, () => ErrorResponse> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    respond(400, 'BAD_REQUEST', 'The request body is not valid JSON.'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => respond(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.'),
  FST_REQ_FILE_TOO_LARGE: () =>
    respond(413, 'PAYLOAD_TOO_LARGE', 'The uploaded file is too large.'),
  FST_PARTS_LIMIT: () => respond(413, 'PAYLOAD_TOO_LARGE', 'The form has too many parts.'),
  FST_FILES_LIMIT: () => respond(413, 'PAYLOAD_TOO_LARGE', 'The form has too many files.'),
  FST_FIELDS_LIMIT: () => respond(413, 'PAYLOAD_TOO_LARGE', 'The form has too many fields.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    respond(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type. Send JSON or form data.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    respond(415, 'UNSUPPORTED_MEDIA_TYPE', 'This call expects multipart form data.'),
  // The router's own errors (Fastify's frameworkErrors); their messages would echo the path.
  FST_ERR_BAD_URL: () => respond(400, 'BAD_REQUEST', 'The URL is not valid.'),
  FST_ERR_MAX_PARAM_LENGTH: () => respond(414, 'BAD_REQUEST', 'The URL is too long.'),
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
};

function fieldErrorsFromFastify(
  validation: FastifySchemaValidationError[],
  part: string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of validation) {
    const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || part;
    addFieldError(errors, field, item.message ?? 'This value is invalid.');
  }
  return errors;
}

export function toErrorResponse(error: FastifyError | Error): ErrorResponse {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        message: error.message,
        data: null,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      },
    };
  }
  if (error instanceof RequestValidationError) {
    const errors = fieldErrorsFromIssues(error.issues, error.validationContext);
    return {
      status: 422,
      body: { message: firstMessage(errors), data: null, code: 'VALIDATION', errors },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation) && fastifyError.validation.length > 0) {
    // A route validated by a compiler other than ours (JSON schema, the stock zod one).
    const errors = fieldErrorsFromFastify(
      fastifyError.validation,
      fastifyError.validationContext ?? 'body',
    );
    return {
      status: 422,
      body: { message: firstMessage(errors), data: null, code: 'VALIDATION', errors },
    };
  }
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return known();

  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's and its plugins' 4xx messages describe the request, not our internals.
    return respond(status, CODE_BY_STATUS[status] ?? 'BAD_REQUEST', error.message);
  }
  // A database that is down, restarting or timing out is not a bug: the client may retry.
  if (isDatabaseUnavailable(error)) {
    return respond(503, 'SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
  }
  return respond(500, 'SERVER_ERROR', 'Server error');
}

/** The driver's own words ("connect ECONNREFUSED …"), not Drizzle's "Failed query: …". */
function rootMessage(error: Error): string {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && (e as { cause?: unknown }).cause instanceof Error; depth += 1) {
    e = (e as { cause: Error }).cause;
  }
  return (e as Error).message;
}

/** Seconds a client should wait before retrying a 503: about one connect timeout. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The one error handler: DESIGN.md §2 envelope, never a stack trace. A 5xx is logged with
 * the request id and carries it in `request_id`, so a customer can quote it.
 */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = toErrorResponse(error);
  // Fastify already logs every response with its status; only failures of ours need detail.
  if (status === 503) {
    // Expected while the database restarts; one warning per call, without a stack.
    request.log.warn({ reason: rootMessage(error) }, 'service unavailable');
  } else if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  }
  if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
    void reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (status === 503) {
    const seconds =
      error instanceof ServiceUnavailableError
        ? error.retryAfterSeconds
        : UNAVAILABLE_RETRY_AFTER_SECONDS;
    void reply.header('retry-after', String(seconds));
  }
  void reply.status(status).send(status >= 500 ? { ...body, request_id: request.id } : body);
}
