import { IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from '@iddesk/contract';
import {
  ApiError,
  errorFromResponse,
  isAccountBlocked,
  serverError,
  unknownError,
} from './api-error';
import { currentLocale } from './i18n';
import { session, type SessionEnd } from './session';

/** Why a 401 ended the session, for the login page to say (issue 17). */
const endOf = (error: ApiError): SessionEnd | null => (isAccountBlocked(error) ? 'blocked' : null);

export const API_BASE = '/api';

/** Waits before the retries of a money-moving call whose answer was lost (issue 7). */
export const IDEMPOTENT_RETRY_DELAYS_MS = [1_000, 3_000];

export type ApiResponse<T> = { message: string | null; data: T };

export type RequestOptions = {
  method?: 'GET' | 'POST';
  /** JSON-serialisable body, or FormData for multipart calls. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Sent even as the page goes away (a claim released on leaving, issue 55 item 2). */
  keepalive?: boolean;
  /**
   * A money-moving POST: it carries an `Idempotency-Key` (fresh when `true`, this one when a
   * string: a form sends the same confirmed submit again with its key), and when the network
   * fails before an answer arrives it is sent again with the same key, so the server replays
   * the first answer instead of moving the money twice.
   */
  idempotent?: boolean | string;
};

/** What a money call's input may carry: the key of the confirmed submit it belongs to. */
export type Idempotent = { idempotencyKey?: string | undefined };

/**
 * A money-moving `POST` (see `idempotent` above): the confirmed submit's key when it has one,
 * a fresh key otherwise.
 */
export const postMoney = <T>(path: string, body: unknown, idempotencyKey?: string) =>
  apiRequest<T>(path, { method: 'POST', body, idempotent: idempotencyKey ?? true });

/** 128 random bits as hex; `crypto.getRandomValues` also works outside secure contexts. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `{ message, data }` (docs/product.md#api-conventions): a string or null message next to a data key. */
function isEnvelope(json: unknown): json is ApiResponse<unknown> {
  if (typeof json !== 'object' || json === null || !('data' in json)) return false;
  const { message } = json as { message?: unknown };
  return message === null || typeof message === 'string';
}

/**
 * One call to the API: bearer token and the XHR/JSON headers of docs/product.md#api-conventions, the envelope read,
 * failures mapped to ApiError per docs/product.md#errors-toasts-and-support. `T` is the contract's type of `data`: the server
 * checks every response against the contract's schema before sending it, so the browser does
 * not parse it again, and zod stays out of the first load (docs/decisions/011).
 */
export async function apiRequest<T>(
  path: string,
  { method = 'POST', body, query, signal, keepalive, idempotent = false }: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const token = session.token();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // Server messages (toasts, field errors) answer in the page's language (issue 18).
    'Accept-Language': currentLocale(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (!isForm) headers['Content-Type'] = 'application/json';
  if (idempotent) {
    headers[IDEMPOTENCY_KEY_HEADER] = idempotent === true ? newIdempotencyKey() : idempotent;
  }
  const retryDelays = idempotent ? IDEMPOTENT_RETRY_DELAYS_MS : [];

  let response: Response;
  let json: unknown;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: method === 'GET' ? undefined : isForm ? body : JSON.stringify(body ?? {}),
        signal,
        keepalive,
        credentials: 'same-origin',
      });
      json = await readJson(response);
      break;
    } catch (cause) {
      if (signal?.aborted) throw cause;
      const delay = retryDelays[attempt];
      if (delay === undefined) throw unknownError(cause);
      await wait(delay, signal);
    }
  }

  if (!response.ok) {
    const error = errorFromResponse(response.status, json, response.headers.get(REQUEST_ID_HEADER));
    // A rejected token ends the session; the app shell sends the user to the login page.
    if (response.status === 401 && token && session.token() === token) session.expire(endOf(error));
    throw error;
  }

  if (!isEnvelope(json)) {
    throw serverError(response.status, json, response.headers.get(REQUEST_ID_HEADER));
  }
  return { message: json.message, data: json.data as T };
}

export { ApiError };

/**
 * A private file (payment proofs) as a Blob: fetched with the bearer token, since an `<img src>`
 * cannot send it. `url` is the full path the API returned (`/api/files/proofs/…`).
 */
export async function apiBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = session.token();
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, credentials: 'same-origin' });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw unknownError(cause);
  }
  if (!response.ok) {
    const error = errorFromResponse(
      response.status,
      await readJson(response),
      response.headers.get(REQUEST_ID_HEADER),
    );
    if (response.status === 401 && token && session.token() === token) session.expire(endOf(error));
    throw error;
  }
  return response.blob();
}
