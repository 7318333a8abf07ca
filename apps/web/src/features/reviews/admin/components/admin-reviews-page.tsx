import { ROUTES, type AdminReview } from '@iddesk/contract';
import { Eye, EyeOff, Star } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ListEmpty, QueryStates } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { Pagination } from '../../../../components/ui/pagination';
import { readPage } from '../../../../lib/pagination';
import { useAction } from '../../../../lib/use-action';
import { useAdminReviews } from '../api/get-admin-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';
import { ReviewCard } from '../../components/review-card';
import { common } from '../../../../lib/i18n-common';
import { contentStaff } from '../../../staff';

function Moderation({ review }: { review: AdminReview }) {
  const t = contentStaff.useT();
  const mutation = useSetReviewHidden();
  const { run, loading } = useAction();
  const toggle = () =>
    run(() => mutation.mutateAsync({ id: review.id, hidden: !review.is_hidden }));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
      <span
        className={
          review.is_hidden
            ? 'inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-inset ring-slate-300'
            : 'inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-inset ring-emerald-300'
        }
      >
        {t(review.is_hidden ? 'reviews.hidden' : 'reviews.published')}
      </span>
      <Button
        variant={review.is_hidden ? 'secondary' : 'ghost'}
        onClick={() => void toggle()}
        loading={loading}
        icon={
          review.is_hidden ? (
            <Eye className="size-4" aria-hidden="true" />
          ) : (
            <EyeOff className="size-4" aria-hidden="true" />
          )
        }
        aria-label={t(review.is_hidden ? 'reviews.showLabel' : 'reviews.hideLabel', {
          name: review.author_name,
        })}
      >
        {t(review.is_hidden ? 'reviews.show' : 'reviews.hide')}
      </Button>
    </div>
  );
}

/** Every review, newest first; hiding takes it off the public list and out of the average. */
export function AdminReviewsPage() {
  const t = contentStaff.useT();
  const titles = common.useT();
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useAdminReviews(page);
  return (
    <>
      <PageHeading title={titles('titles.admin.reviews')} description={t('reviews.description')} />
      <QueryStates
        query={query}
        loadingLabel={t('reviews.loading')}
        rows={3}
        card
        isEmpty={(found) => found.total === 0}
        empty={
          <ListEmpty icon={Star} title={t('reviews.empty')}>
            {t('reviews.emptyHint')}
          </ListEmpty>
        }
      >
        {(data) => (
          <>
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {data.items.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} footer={<Moderation review={review} />} />
                </li>
              ))}
            </ul>
            <div className="mt-4 rounded-xl bg-white px-4 pb-3 pt-1">
              <Pagination
                page={data.page}
                lastPage={data.last_page}
                perPage={data.per_page}
                total={data.total}
                hrefFor={(n) => `${ROUTES.adminReviews}?page=${n}`}
                label={t('reviews.pages')}
              />
            </div>
          </>
        )}
      </QueryStates>
    </>
  );
}
