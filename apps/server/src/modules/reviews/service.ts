import type {
  AddReviewBodySchema,
  AdminReview,
  PageQuery,
  Paginated,
  Review,
  ReviewsPage,
} from '@iddesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../errors/app-errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Actor } from '../audit';
import { writeAudit } from '../audit';
import {
  findReview,
  insertReview,
  listReviews,
  lockReview,
  type ReviewWithAuthor,
  setReviewHidden,
} from './repository';
import { t } from '../../lib/i18n';

type AddReviewInput = z.output<typeof AddReviewBodySchema>;

export function toReviewJson(row: ReviewWithAuthor): Review {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
  };
}

export function toAdminReviewJson(row: ReviewWithAuthor): AdminReview {
  return { ...toReviewJson(row), user_id: row.userId, is_hidden: row.isHidden };
}

/** Published at once; an admin hides it afterwards if it breaks the rules. */
export async function addReview(db: Db, userId: number, input: AddReviewInput): Promise<Review> {
  const id = await insertReview(db, { userId, rating: input.rating, text: input.text });
  const row = await findReview(db, id);
  if (!row) throw new NotFoundError();
  return toReviewJson(row);
}

/** Visible reviews, newest first, with the count and one-decimal average of all of them. */
export async function listPublicReviews(db: Db, query: PageQuery): Promise<ReviewsPage> {
  const { rows, total, average } = await listReviews(db, { visibleOnly: true, ...pageWindow(query) });
  return {
    ...toPage(rows.map(toReviewJson), total, query),
    average_rating: average === null ? null : Math.round(average * 10) / 10,
  };
}

export async function listAdminReviews(db: Db, query: PageQuery): Promise<Paginated<AdminReview>> {
  const { rows, total } = await listReviews(db, { visibleOnly: false, ...pageWindow(query) });
  return toPage(rows.map(toAdminReviewJson), total, query);
}

export async function setHidden(
  db: Db,
  actor: Actor,
  id: number,
  isHidden: boolean,
): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const current = await lockReview(tx, id);
    if (!current) throw new NotFoundError(t('api.reviews.notFound'));
    await setReviewHidden(tx, id, isHidden);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: isHidden ? 'review.hide' : 'review.unhide',
      objectType: 'review',
      objectId: id,
      before: { is_hidden: current.isHidden },
      after: { is_hidden: isHidden },
      ip: actor.ip,
    });
  });
  const row = await findReview(db, id);
  if (!row) throw new NotFoundError(t('api.reviews.notFound'));
  return toAdminReviewJson(row);
}
