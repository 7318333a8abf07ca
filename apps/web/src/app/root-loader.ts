import { ERROR_ROUTES } from '@iddesk/contract';
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { session } from '../lib/session';
import { shellState } from './shell-state';
import { reloadUserInfo } from './user-info';

const ERROR_PATHS: readonly string[] = Object.values(ERROR_ROUTES);

/**
 * "Every route change reloads user info", with the error-page flag on (docs/product.md#while-signed-in). Startup loads
 * it itself, so the first load skips it.
 */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  if (!shellState.get().started || !session.token()) return null;
  const path = new URL(request.url).pathname;
  const result = await reloadUserInfo({ errorPage: { notFound: ERROR_ROUTES.userNotFound } });
  if (!result.ok && result.errorPage && !ERROR_PATHS.includes(path))
    throw redirect(result.errorPage);
  return null;
}

/**
 * A route change is a new path or a new query string (`?page=2` is a change of route too);
 * a hash-only change and the revalidation after an action or a fetcher are not.
 */
export function rootShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod) return false;
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}
