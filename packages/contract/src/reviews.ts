import { z } from 'zod';
import { msg } from './i18n/translate';
import { paginated, PageQuerySchema } from './envelope';
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
} from './reviews-values';

/** A published review as everyone sees it. `text` is plain text, never HTML. */
export const ReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  text: z.string(),
  /** The author's current display name (their profile name). */
  author_name: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** `GET /reviews`: a page of visible reviews, newest first, with the average of all of them. */
export const ReviewsPageSchema = paginated(ReviewSchema).extend({
  /** Mean rating of every visible review, to one decimal; null when there are none. */
  average_rating: z.number().nullable(),
});
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

export const ReviewsQuerySchema = PageQuerySchema;

/** `POST /add_review`. The rating arrives as a number (JSON) or digits (a form's radio value). */
export const AddReviewBodySchema = z.strictObject({
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number(msg('validation.rating'))
      .int(msg('validation.rating'))
      .min(RATING_MIN, msg('validation.rating'))
      .max(RATING_MAX, msg('validation.rating')),
  ),
  text: z
    .string(msg('validation.review.missing'))
    .trim()
    .min(1, msg('validation.review.missing'))
    .max(REVIEW_TEXT_MAX_LENGTH, msg('validation.review.max', { max: REVIEW_TEXT_MAX_LENGTH })),
});
export type AddReviewBody = z.input<typeof AddReviewBodySchema>;

/** The admin's view of a review: hidden ones included. */
export const AdminReviewSchema = ReviewSchema.extend({
  user_id: z.number().int(),
  is_hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewsPageSchema = paginated(AdminReviewSchema);
