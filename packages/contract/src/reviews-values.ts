// Plain values of the reviews, no zod: the public reviews page imports these (issue 8 size
// budget); the schemas are in reviews.ts.

export const REVIEW_TEXT_MAX_LENGTH = 5000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars.';
export const REVIEW_TEXT_MISSING = 'Write a few words about your experience.';
export const REVIEW_TEXT_TOO_LONG = `The review may not be longer than ${REVIEW_TEXT_MAX_LENGTH} characters.`;
