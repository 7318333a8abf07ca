import { ROUTES } from '@iddesk/contract';
import { MessageSquarePlus, Star } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListLoading, QueryStates } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { prepareDates } from '../../../lib/money';
import { usePageParam } from '../../../lib/pagination';
import { useSession } from '../../../lib/session';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';
import { Stars } from './stars';
import { reviewsText } from '../i18n';

function AverageCard({
  average,
  total,
  action,
}: {
  average: number;
  total: number;
  action: ReactNode;
}) {
  const t = reviewsText.useT();
  return (
    <Card className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-4">
        <p className="text-5xl font-bold tracking-tight text-slate-900">
          {average.toFixed(1)}
          <span className="sr-only">{t('average.outOf')}</span>
        </p>
        <div>
          <Stars rating={average} size="lg" />
          <p className="mt-1 text-sm text-slate-600">{t('average.count', { total })}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:items-end sm:text-right">
        <p className="text-sm text-slate-600">{t('average.invite')}</p>
        {action}
      </div>
    </Card>
  );
}

export function ReviewsPage() {
  const t = reviewsText.useT();
  const page = usePageParam();
  const { guest } = useSession();
  const query = useReviews(page);
  // Each card writes its date: the zone's formatter is built while the list is on its way.
  useEffect(prepareDates, []);

  const writeAction = guest ? (
    <ButtonLink to={ROUTES.login} variant="secondary">
      {t('page.login')}
    </ButtonLink>
  ) : (
    <ButtonLink to={ROUTES.addReview}>
      <MessageSquarePlus className="size-4" aria-hidden="true" />
      {t('page.add')}
    </ButtonLink>
  );

  return (
    <>
      <PageHeading title={t('page.title')} description={t('page.description')} />
      <QueryStates
        query={query}
        loading={
          // A screen tall: the footer stays below the fold until the list arrives (no layout shift).
          <div className="min-h-dvh">
            <ListLoading label={t('page.loading')} rows={3} />
          </div>
        }
        card
        isEmpty={(found) => found.total === 0}
        empty={
          <ListEmpty icon={Star} title={t('page.empty')} action={writeAction}>
            {t('page.emptyHint')}
          </ListEmpty>
        }
      >
        {(data) => (
          <div className="flex flex-col gap-6">
            {data.average_rating !== null ? (
              <AverageCard average={data.average_rating} total={data.total} action={writeAction} />
            ) : null}
            <section aria-labelledby="reviews-list-title">
              <h2 id="reviews-list-title" className="sr-only">
                {t('page.latest')}
              </h2>
              {data.items.length === 0 ? (
                <Card>
                  <ListEmpty icon={Star} title={t('page.emptyPage')}>
                    <Link to={ROUTES.reviews} className="font-semibold text-brand-700 underline">
                      {t('page.firstPage')}
                    </Link>
                  </ListEmpty>
                </Card>
              ) : (
                <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                  {data.items.map((review) => (
                    <li key={review.id}>
                      <ReviewCard review={review} />
                    </li>
                  ))}
                </ul>
              )}
              <Pagination
                page={data.page}
                lastPage={data.last_page}
                perPage={data.per_page}
                total={data.total}
                hrefFor={(n) => (n === 1 ? ROUTES.reviews : `${ROUTES.reviews}?page=${n}`)}
                label={t('page.pages')}
              />
            </section>
          </div>
        )}
      </QueryStates>
    </>
  );
}
