import { ErrorPage } from './error-page';

export function UserNotFoundPage() {
  return (
    <ErrorPage code="404" title="User not found">
      We could not find this account. It may have been removed, or the link you followed is out of
      date.
    </ErrorPage>
  );
}

export function ServerErrorPage() {
  return (
    <ErrorPage code="505" title="Something broke on our side">
      Server error happened. But will fix it soon! Please try again in a few minutes.
    </ErrorPage>
  );
}

export function ProjectNotFoundPage() {
  return (
    <ErrorPage code="404" title="Project not found">
      This ID or service is not available any more. Pick another one from the catalogue.
    </ErrorPage>
  );
}

export function NotFoundPage() {
  return (
    <ErrorPage code="404" title="Page not found">
      The page you are looking for does not exist or has moved.
    </ErrorPage>
  );
}
