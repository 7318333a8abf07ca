// Plain values of the reviews, no zod: the public reviews page imports these (issue 8 size
// budget); the schemas are in reviews.ts.

export const REVIEW_TEXT_MAX_LENGTH = 5000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
