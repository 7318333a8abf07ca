import { common } from '../../../lib/i18n-common';
import { ErrorPage } from './error-page';

export function UserNotFoundPage() {
  const t = common.useT();
  return (
    <ErrorPage code="404" title={t('errors.userNotFound.title')}>
      {t('errors.userNotFound.body')}
    </ErrorPage>
  );
}

export function ServerErrorPage() {
  const t = common.useT();
  return (
    <ErrorPage code="505" title={t('errors.server.title')}>
      {t('errors.server.body')}
    </ErrorPage>
  );
}

export function ProjectNotFoundPage() {
  const t = common.useT();
  return (
    <ErrorPage code="404" title={t('errors.project.title')}>
      {t('errors.project.body')}
    </ErrorPage>
  );
}

export function NotFoundPage() {
  const t = common.useT();
  return (
    <ErrorPage code="404" title={t('errors.notFound.title')}>
      {t('errors.notFound.body')}
    </ErrorPage>
  );
}
