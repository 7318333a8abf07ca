import { ApiError, errorFromResponse, serverError, unknownError } from './api-error';
import { session } from './session';

export const API_BASE = '/api';

export type ApiResponse<T> = { message: string | null; data: T };

export type RequestOptions = {
  method?: 'GET' | 'POST';
  /** JSON-serialisable body, or FormData for multipart calls. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

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

/** `{ message, data }` (DESIGN.md §2): a string or null message next to a data key. */
function isEnvelope(json: unknown): json is ApiResponse<unknown> {
  if (typeof json !== 'object' || json === null || !('data' in json)) return false;
  const { message } = json as { message?: unknown };
  return message === null || typeof message === 'string';
}

/**
 * One call to the API: bearer token and the XHR/JSON headers of SPEC.md §7, the envelope read,
 * failures mapped to ApiError per SPEC.md §8. `T` is the contract's type of `data`: the server
 * checks every response against the contract's schema before sending it, so the browser does
 * not parse it again, and zod stays out of the first load (docs/decisions/011).
 */
export async function apiRequest<T>(
  path: string,
  { method = 'POST', body, query, signal }: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const token = session.token();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (!isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  let json: unknown;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: method === 'GET' ? undefined : isForm ? (body as FormData) : JSON.stringify(body ?? {}),
      signal,
      credentials: 'same-origin',
    });
    json = await readJson(response);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw unknownError(cause);
  }

  if (!response.ok) {
    // A rejected token ends the session; the app shell sends the user to the login page.
    if (response.status === 401 && token && session.token() === token) session.expire();
    throw errorFromResponse(response.status, json);
  }

  if (!isEnvelope(json)) throw serverError(response.status, json);
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
    if (response.status === 401 && token && session.token() === token) session.expire();
    throw errorFromResponse(response.status, await readJson(response));
  }
  return response.blob();
}
