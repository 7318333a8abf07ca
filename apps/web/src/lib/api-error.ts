import type { KeyOf } from '@iddesk/contract';
import { common } from './i18n-common';

/**
 * The error catalogue of docs/product.md#errors-toasts-and-support: beyond it, any error
 * response that carries a message shows that message.
 */
export type FieldErrors = Record<string, string[]>;

export type ApiErrorKind = 'server' | 'unknown' | 'http';

export class ApiError extends Error {
  readonly title: string;
  readonly kind: ApiErrorKind;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** The server's machine-readable code; -1 when a 500 came without one. */
  readonly code: string | number | null;
  readonly fieldErrors: FieldErrors | null;
  /** A server error's request id (`request_id`, or the X-Request-Id header), for support. */
  readonly requestId: string | null;

  constructor(init: {
    title: string;
    message: string;
    kind: ApiErrorKind;
    status?: number;
    code?: string | number | null;
    fieldErrors?: FieldErrors | null;
    requestId?: string | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.title = init.title;
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? null;
    this.fieldErrors = init.fieldErrors ?? null;
    this.requestId = init.requestId ?? null;
  }
}

export const serverError = (status = 0, cause?: unknown, requestId: string | null = null) =>
  new ApiError({
    title: common.t('error.serverTitle'),
    message: common.t('error.serverMessage'),
    kind: 'server',
    status,
    requestId,
    cause,
  });

export const unknownError = (cause?: unknown) =>
  new ApiError({
    title: common.t('error.unknownTitle'),
    message: common.t('error.unknownMessage'),
    kind: 'unknown',
    cause,
  });

/** The toast's title for a status, in the page's language. */
const STATUS_TITLES: Record<number, KeyOf<'common'>> = {
  400: 'error.400',
  401: 'error.401',
  403: 'error.403',
  404: 'error.404',
  409: 'error.409',
  413: 'error.413',
  415: 'error.415',
  422: 'error.422',
  429: 'error.429',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): FieldErrors | null {
  if (!isRecord(value)) return null;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string' && m.length > 0);
      if (texts.length) out[field] = texts;
    } else if (typeof messages === 'string' && messages) {
      out[field] = [messages];
    }
  }
  return Object.keys(out).length ? out : null;
}

/**
 * Maps an HTTP error response (status + parsed body, or undefined when not JSON) to an ApiError.
 * `headerRequestId` is the response's X-Request-Id, used when the body names no request.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  headerRequestId: string | null = null,
): ApiError {
  const message = isRecord(body) && typeof body.message === 'string' ? body.message.trim() : '';
  const bodyRequestId =
    isRecord(body) && typeof body.request_id === 'string' && body.request_id
      ? body.request_id
      : null;
  const requestId = status >= 500 ? (bodyRequestId ?? headerRequestId) : null;
  // "Response without data message" → Server error.
  if (!message) return serverError(status, undefined, requestId);
  const rawCode = isRecord(body) ? body.code : undefined;
  const code = typeof rawCode === 'string' || typeof rawCode === 'number' ? rawCode : null;
  if (status >= 500) {
    // "HTTP 500 with a message": that message, with a code (default -1).
    return new ApiError({
      title: common.t('error.serverTitle'),
      message,
      kind: 'server',
      status,
      code: code ?? -1,
      requestId,
    });
  }
  return new ApiError({
    title: common.t(code === 'ACCOUNT_BLOCKED' ? 'error.blocked' : (STATUS_TITLES[status] ?? 'error.other')),
    // A token the server no longer takes (ended on another device, expired): said in the app's
    // words, with what to do next (issue 56), whatever the server's envelope says.
    message: code === 'UNAUTHENTICATED' ? common.t('error.signedOut') : message,
    kind: 'http',
    status,
    code,
    fieldErrors: isRecord(body) ? readFieldErrors(body.errors) : null,
  });
}

/** Anything thrown that is not already an ApiError is an "unknown failure". */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : unknownError(error);
}

/** docs/product.md#errors-toasts-and-support: the first field error if present, otherwise the message. */
export function firstFieldError(error: ApiError): string {
  if (error.fieldErrors) {
    for (const messages of Object.values(error.fieldErrors)) {
      const first = messages[0];
      if (first) return first;
    }
  }
  return error.message;
}

/**
 * The text of an error toast: the catalogue's message (or first field error), and for a server
 * error the request id, so a customer can quote it and staff can find it in the logs.
 */
export function errorToastText(error: ApiError): string {
  const text = firstFieldError(error);
  return error.kind === 'server' && error.requestId
    ? common.t('error.reference', { text, id: error.requestId })
    : text;
}

/** A 401 whose token's account staff have blocked (issue 17). */
export const isAccountBlocked = (error: ApiError): boolean => error.code === 'ACCOUNT_BLOCKED';

/** A 404 answer: the item does not exist (or is not the caller's). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
