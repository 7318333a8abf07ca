import { ERROR_ROUTES, ERROR_TOAST_DURATION_MS, LOADING_HOLD_MS } from '@iddesk/contract';
import { toast } from './toast';
import { errorToastText, firstFieldError, toApiError, type ApiError } from './api-error';
import type { ApiResponse } from './api-client';

export type ActionOptions = {
  /** Any toast at all (default on: docs/product.md#errors-toasts-and-support). */
  notify?: boolean;
  /** The success toast with the server's message (default on). */
  successNotify?: boolean;
  /**
   * The error toast (default on). Off for a form, which shows a failure where the person
   * looks and toasts only what it does not show (lib/use-app-form.ts).
   */
  errorNotify?: boolean;
  /** Shown when the server answers without a message. */
  successMessage?: string;
  /**
   * Report failures that have an error page there instead of in a toast. `notFound` names the
   * page for a 404 (default: "Page not found").
   */
  errorPage?: boolean | { notFound?: string };
};

export type ActionResult<T> =
  | { ok: true; data: T; message: string | null }
  | { ok: false; error: ApiError; errorPage: string | null };

/** Counts overlapping actions so one loading flag covers them all. */
export type LoadingControl = { start(): void; stop(): void };

/** Which error page, if any, shows a failure when the error-page flag is on. */
export function errorPageFor(
  error: ApiError,
  notFound: string = ERROR_ROUTES.pageNotFound,
): string | null {
  if (error.kind === 'server' || error.status >= 500) return ERROR_ROUTES.serverError;
  if (error.status === 404) return notFound;
  return null;
}

export function showErrorToast(error: ApiError) {
  toast.error(error.title, {
    description: errorToastText(error),
    duration: ERROR_TOAST_DURATION_MS,
    // The same failure repeated (polling, double clicks) updates one toast instead of stacking.
    id: `error:${error.title}:${firstFieldError(error)}`,
  });
}

/**
 * The action wrapper of docs/product.md#errors-toasts-and-support: runs one call, toasts its outcome at the bottom, logs
 * failures, and keeps the loading flag on for LOADING_HOLD_MS after it finishes. Never throws.
 */
export async function runAction<T>(
  fn: () => Promise<ApiResponse<T>>,
  options: ActionOptions = {},
  loading?: LoadingControl,
): Promise<ActionResult<T>> {
  const {
    notify = true,
    successNotify = true,
    errorNotify = true,
    successMessage,
    errorPage = false,
  } = options;
  loading?.start();
  try {
    const response = await fn();
    const message = response.message?.trim() || successMessage || null;
    if (notify && successNotify && message) toast.success(message);
    return { ok: true, data: response.data, message };
  } catch (thrown) {
    const error = toApiError(thrown);
    // console.warn, not console.error: a failed call is an expected outcome, not a bug.
    console.warn(`[action] ${error.title}: ${error.message}`, error.status || '', error.code ?? '');
    const page = errorPage
      ? errorPageFor(error, typeof errorPage === 'object' ? errorPage.notFound : undefined)
      : null;
    if (notify && errorNotify && !page) showErrorToast(error);
    return { ok: false, error, errorPage: page };
  } finally {
    if (loading) setTimeout(() => loading.stop(), LOADING_HOLD_MS);
  }
}
