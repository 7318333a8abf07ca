import type { ErrorBody, ErrorCode, Locale, MessageKey } from '@iddesk/contract';
import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { isDatabaseUnavailable } from '../db/pg-errors';
import { localeOfHeaders, localize, t } from '../lib/i18n';
import {
  AppError,
  type FieldErrors,
  firstMessage,
  RateLimitedError,
  ServiceUnavailableError,
} from './app-errors';
import { addFieldError, fieldErrorsFromIssues, RequestValidationError } from './request-validation';

type ErrorResponse = { status: number; body: ErrorBody };

/** An answer of the handler's own, its message written in the call's language. */
const respond = (status: number, code: ErrorCode, key: MessageKey): ErrorResponse => ({
  status,
  body: { message: t(key), data: null, code },
});

/** Fastify's own error codes that deserve a precise answer instead of a generic 4xx. */
const FASTIFY_ERRORS: Record<string, () => ErrorResponse> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    respond(400, 'BAD_REQUEST', 'api.invalidJson'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => respond(413, 'PAYLOAD_TOO_LARGE', 'api.tooLarge'),
  FST_REQ_FILE_TOO_LARGE: () =>
    respond(413, 'PAYLOAD_TOO_LARGE', 'api.fileTooLarge'),
  FST_PARTS_LIMIT: () => respond(413, 'PAYLOAD_TOO_LARGE', 'api.tooManyParts'),
  FST_FILES_LIMIT: () => respond(413, 'PAYLOAD_TOO_LARGE', 'api.tooManyFiles'),
  FST_FIELDS_LIMIT: () => respond(413, 'PAYLOAD_TOO_LARGE', 'api.tooManyFields'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    respond(415, 'UNSUPPORTED_MEDIA_TYPE', 'api.unsupportedType'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    respond(415, 'UNSUPPORTED_MEDIA_TYPE', 'api.multipartExpected'),
  // The router's own errors (Fastify's frameworkErrors); their messages would echo the path.
  FST_ERR_BAD_URL: () => respond(400, 'BAD_REQUEST', 'api.badUrl'),
  FST_ERR_MAX_PARAM_LENGTH: () => respond(414, 'BAD_REQUEST', 'api.urlTooLong'),
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
    addFieldError(errors, field, item.message ?? t('validation.field.invalid'));
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
    return {
      status,
      body: { message: error.message, data: null, code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST' },
    };
  }
  // A database that is down, restarting or timing out is not a bug: the client may retry.
  if (isDatabaseUnavailable(error)) {
    return respond(503, 'SERVICE_UNAVAILABLE', 'api.unavailable');
  }
  return respond(500, 'SERVER_ERROR', 'api.serverError');
}

/**
 * The answer's texts in the call's language (lib/i18n.ts `t`), written here rather than by the
 * locale plugin's onSend hook: the router's own errors (frameworkErrors) are answered without
 * the hooks.
 */
function inLanguage({ status, body }: ErrorResponse, locale: Locale): ErrorResponse {
  const errors = body.errors
    ? Object.fromEntries(Object.entries(body.errors).map(([field, messages]) => [field, messages.map((m) => localize(m, locale))]))
    : undefined;
  return { status, body: { ...body, message: localize(body.message, locale), ...(errors ? { errors } : {}) } };
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
 * The one error handler: the envelope of docs/product.md#errors-on-the-wire, never a stack trace. A 5xx is logged with
 * the request id and carries it in `request_id`, so a customer can quote it.
 */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = inLanguage(toErrorResponse(error), localeOfHeaders(request.headers));
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
