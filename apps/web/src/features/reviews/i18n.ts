import reviewsEn from '@iddesk/contract/i18n/en/reviews.json';
import { catalogue } from '../../lib/i18n';

/** The reviews pages' words. */
export const reviewsText = catalogue('reviews', reviewsEn);
