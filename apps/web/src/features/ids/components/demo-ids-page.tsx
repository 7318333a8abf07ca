import { ROUTES, type CatalogueItem } from '@iddesk/contract';
import { FlaskConical, LogIn } from 'lucide-react';
import { useId } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CredentialList } from './credential-list';
import { ExternalLink } from '../../../components/ui/external-link';
import { InfoPanel } from '../../../components/ui/info-panel';
import { ItemLogo } from '../../../components/ui/item-logo';
import { ListEmpty, ListError } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSession } from '../../../lib/session';
import { useCatalogue } from '../api/catalogue';
import { idsDemoText } from '../i18n-demo';

function DemoCard({ item }: { item: CatalogueItem }) {
  const titleId = useId();
  const t = idsDemoText.useT();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card"
    >
      <div className="flex items-start gap-4">
        <ItemLogo name={item.name} url={item.logo_url} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900">
            {item.name}
          </h2>
          <ExternalLink href={item.website} className="min-h-8 text-sm" />
        </div>
      </div>
      <div className="mt-4 flex-1">
        {item.demo_login && item.demo_password ? (
          <CredentialList
            login={item.demo_login}
            password={item.demo_password}
            demo
          />
        ) : (
          <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-inset ring-slate-200">
            <LogIn
              className="mr-1.5 inline size-4 align-[-2px] text-slate-500"
              aria-hidden="true"
            />
            {t('demo.loginToSee', { name: item.name })}
          </p>
        )}
      </div>
      <ButtonLink to={ROUTES.createId(item.id)} variant="secondary" className="mt-4 w-full">
        {t('demo.create')}
        <span className="sr-only">{t('demo.createOn', { name: item.name })}</span>
      </ButtonLink>
    </article>
  );
}

function DemoGrid() {
  const query = useCatalogue();
  const t = idsDemoText.useT();
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label={t('demo.loading')}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {Array.from({ length: 3 }, (_, i) => (
          <div
            key={i}
            className="h-64 animate-pulse rounded-2xl bg-slate-200/70"
            aria-hidden="true"
          />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <ListError
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  }
  const demos = query.data.filter((item) => item.has_demo);
  if (demos.length === 0) {
    return (
      <Card>
        <ListEmpty
          icon={FlaskConical}
          title={t('demo.empty')}
          action={<ButtonLink to={ROUTES.createIdList}>{t('demo.browse')}</ButtonLink>}
        >
          {t('demo.emptyHint')}
        </ListEmpty>
      </Card>
    );
  }
  return (
    <ul aria-label={t('demo.list')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {demos.map((item) => (
        <li key={item.id}>
          <DemoCard item={item} />
        </li>
      ))}
    </ul>
  );
}

/** `/demo_ids`: shared demo logins, visible to signed-in users. */
export function DemoIdsPage() {
  const { guest } = useSession();
  const t = idsDemoText.useT();
  return (
    <>
      <PageHeading
        title={t('demo.title')}
        description={t('demo.description')}
      />
      {guest ? (
        <div className="mb-6">
          <InfoPanel
            icon={LogIn}
            title={t('demo.guestTitle')}
            actions={
              <>
                <ButtonLink to={ROUTES.login}>{t('demo.login')}</ButtonLink>
                <ButtonLink to={ROUTES.register} variant="secondary">
                  {t('demo.register')}
                </ButtonLink>
              </>
            }
          >
            {t('demo.guestText')}
          </InfoPanel>
        </div>
      ) : null}
      <DemoGrid />
    </>
  );
}
