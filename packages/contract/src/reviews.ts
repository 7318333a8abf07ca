import { z } from 'zod';
import { paginated, PageQuerySchema } from './envelope';
import {
  RATING_MAX,
  RATING_MESSAGE,
  RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TEXT_MISSING,
  REVIEW_TEXT_TOO_LONG,
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
      .number({ error: RATING_MESSAGE })
      .int(RATING_MESSAGE)
      .min(RATING_MIN, RATING_MESSAGE)
      .max(RATING_MAX, RATING_MESSAGE),
  ),
  text: z
    .string({ error: REVIEW_TEXT_MISSING })
    .trim()
    .min(1, REVIEW_TEXT_MISSING)
    .max(REVIEW_TEXT_MAX_LENGTH, REVIEW_TEXT_TOO_LONG),
});
export type AddReviewBody = z.input<typeof AddReviewBodySchema>;

/** The admin's view of a review: hidden ones included. */
export const AdminReviewSchema = ReviewSchema.extend({
  user_id: z.number().int(),
  is_hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewsPageSchema = paginated(AdminReviewSchema);
