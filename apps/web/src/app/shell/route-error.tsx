import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage, ServerErrorPage } from '../../features/errors/components/error-pages';

/** Last-resort boundary: a failed loader or a render error still gets a designed page. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.warn('[route]', error);
  return (
    <main className="min-h-dvh bg-slate-50 px-4">
      {notFound ? <NotFoundPage /> : <ServerErrorPage />}
    </main>
  );
}
